/**
 * Links to one generated contract document (a report path the applicant opens as a PDF).
 * The path carries an HS256 token bound to the application (prospect and DNI) and the
 * document kind, under its own audience, so it opens that document of that application
 * only and can never stand in for a resume or observed link.
 */
import { SignJWT, jwtVerify } from 'jose';
import { LINK_TTL_MS } from './links.ts';
import { CONTRACT_DOCUMENTS, type ContractDocumentKind } from './documents.ts';

/** The audience of document links, apart from the resume and observed links. */
export const DOCUMENT_LINK_AUDIENCE = 'credinstante-documents';

/** The report path of generated contract documents; `{data}` is the signed token. */
export const DOCUMENT_REPORT_PATH = '/kong/reporte/contrato/2/';

/** What a document link opens. */
export interface DocumentClaims {
  codigoProspecto: number;
  documento: string;
  tipo: ContractDocumentKind;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** The report path of one document, valid for the link lifetime from `now`. */
export async function documentLink(secret: string, claims: DocumentClaims, now: number): Promise<string> {
  const iat = Math.floor(now / 1000);
  const token = await new SignJWT({
    codigoProspecto: claims.codigoProspecto,
    documento: claims.documento,
    tipo: claims.tipo,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(DOCUMENT_LINK_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LINK_TTL_MS / 1000)
    .sign(key(secret));
  return DOCUMENT_REPORT_PATH + token;
}

/** The claims of a document link token, or `null` when it is tampered, expired or not a document link. */
export async function readDocumentLink(
  secret: string,
  token: string,
  now: number,
): Promise<DocumentClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: DOCUMENT_LINK_AUDIENCE,
      currentDate: new Date(now),
      requiredClaims: ['exp'],
    });
    const { codigoProspecto, documento, tipo } = payload;
    if (
      typeof codigoProspecto !== 'number' ||
      typeof documento !== 'string' ||
      !CONTRACT_DOCUMENTS.some((d) => d.tipo === tipo)
    )
      return null;
    return { codigoProspecto, documento, tipo: tipo as ContractDocumentKind };
  } catch {
    return null;
  }
}
