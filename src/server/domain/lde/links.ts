/**
 * Resume and observed links (DOMAIN.md "Resume-link JWTs"): HS256 JWTs signed with the
 * service's secret, carrying an audience and a purpose, expiring by the service's clock
 * (so the sandbox clock reaches expiry on purpose). Verification allowlists HS256 (no
 * `none`), checks exp/nbf, audience and purpose; a bad signature or format answers "06",
 * an expired token "07".
 */
import { SignJWT, errors, jwtVerify } from 'jose';

/** The audience every instant-credit link carries. */
export const LINK_AUDIENCE = 'credinstante-links';
/** How long a link lives. */
export const LINK_TTL_MS = 72 * 3600_000;

/** What a link is for: resume or observed instant credit, a quote opening its product flow, or a vende más offer. */
export type LinkPurpose = 'resume' | 'observed' | 'quote' | 'sellMore';

/**
 * The kind of application a link opens. Instant-credit, vehicle and conversion applications
 * are numbered apart (the same number can name one of each), so a link says which it opens and
 * grants only that one.
 */
export type LinkKind = 'lde' | 'vehicle' | 'conversion';
const LINK_KINDS: readonly string[] = ['lde', 'vehicle', 'conversion'] satisfies LinkKind[];

/** The claims a link carries: only what opens its own application. */
export interface LinkClaims {
  purpose: LinkPurpose;
  kind: LinkKind;
  codigoProspecto: number;
  documento: string;
}

/** Outcome of {@link verifyLink}, with the spec's codes. */
export type LinkCheck = { codRes: '00'; claims: LinkClaims } | { codRes: '06' | '07' };

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a link token valid for `ttlMs` (default {@link LINK_TTL_MS}) from `now`. */
export async function signLink(
  secret: string,
  claims: LinkClaims,
  now: number,
  ttlMs: number = LINK_TTL_MS,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({
    purpose: claims.purpose,
    kind: claims.kind,
    codigoProspecto: claims.codigoProspecto,
    documento: claims.documento,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(LINK_AUDIENCE)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + Math.floor(ttlMs / 1000))
    .sign(key(secret));
}

/** Verifies a link token at `now`; `purposes` lists the purposes the caller accepts. */
export async function verifyLink(
  secret: string,
  token: string,
  now: number,
  purposes: readonly LinkPurpose[] = ['resume', 'observed'],
): Promise<LinkCheck> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: LINK_AUDIENCE,
      currentDate: new Date(now),
      requiredClaims: ['exp', 'purpose', 'kind'],
    });
    const purpose = payload.purpose as LinkPurpose;
    const kind = payload.kind as LinkKind;
    if (
      !purposes.includes(purpose) ||
      !LINK_KINDS.includes(kind) ||
      typeof payload.codigoProspecto !== 'number' ||
      typeof payload.documento !== 'string'
    )
      return { codRes: '06' };
    return {
      codRes: '00',
      claims: { purpose, kind, codigoProspecto: payload.codigoProspecto, documento: payload.documento },
    };
  } catch (err) {
    return { codRes: err instanceof errors.JWTExpired ? '07' : '06' };
  }
}
