/**
 * The contract documents as the service answers them (`documentos`: each with its code, its
 * title and its PDF as a link or as base64 content), read once for every view that lists them:
 * the documents step that asks to accept them and the end page that offers them to download.
 */
import { asRecord, pick } from './step-props.ts';

export interface ContractDocument {
  code: string;
  name: string;
  url: string | undefined;
  /** The PDF itself, base64, when the service sends it inline. */
  content: string | undefined;
}

export function readDocuments(raw: unknown[]): ContractDocument[] {
  return raw.map((item, i) => {
    const d = asRecord(item);
    return {
      code: pick(d, ['codigo', 'codigoDocumento', 'tipo', 'id']) ?? String(i + 1),
      name: pick(d, ['titulo', 'nombre', 'descripcion', 'nombreDocumento']) ?? `Documento ${i + 1}`,
      url: pick(d, ['url', 'urlDocumento', 'link']),
      content: pick(d, ['contenido', 'base64']),
    };
  });
}
