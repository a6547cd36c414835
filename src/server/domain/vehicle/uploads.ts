/**
 * Documents the applicant attaches (adjuntarArchivo): checked for size and type, then stored as
 * `vehicle_uploads` rows. The type is read from the file's first bytes, not trusted from the
 * name or the declared type, so a renamed executable is refused as what it is.
 */
import { BadInput, type Db } from '../../sandbox/types.ts';
import { text } from '../../texts.ts';

/** Largest accepted file (a phone photo of a document fits comfortably). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Accepted types, by their leading bytes. */
const SIGNATURES: readonly { type: string; magic: readonly number[] }[] = [
  { type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46] },
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47] },
];

/** The accepted content types. */
export const ACCEPTED_TYPES: readonly string[] = SIGNATURES.map((s) => s.type);

/** The five document slots of the taxi and vehicle flow, by response field. */
export const TAXI_DOCUMENT_SLOTS = [
  'imagenDocumento',
  'imagenTarjetaPropiedad',
  'imagenSoat',
  'imagenReciboServicio',
  'imagenRevisionTecnica',
] as const;
export type TaxiDocumentSlot = (typeof TAXI_DOCUMENT_SLOTS)[number];

/** An upload as the call carries it (base64 content). */
export interface UploadInput {
  kind: string;
  filename: string;
  contentType: string;
  base64: string;
}

/** The checked file. */
export interface CheckedUpload {
  kind: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

function detectType(bytes: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.magic.every((b, i) => bytes[i] === b))?.type;
}

/** Decodes and checks one upload; throws {@link BadInput} naming the field at fault. */
export function checkUpload(input: UploadInput, field = 'archivo'): CheckedUpload {
  const clean = input.base64.replace(/^data:[^;]+;base64,/, '').replace(/\s+/g, '');
  if (clean.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(clean)) {
    throw new BadInput([{ path: field, message: text('servidor.archivo.vacio') }]);
  }
  // Size before decoding: a huge body is refused without allocating it.
  const size = Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
  if (size > MAX_UPLOAD_BYTES) {
    throw new BadInput([
      {
        path: field,
        message: text('servidor.archivo.pesado', {
          pesoMb: (size / 1048576).toFixed(1),
          maximoMb: MAX_UPLOAD_BYTES / 1048576,
        }),
      },
    ]);
  }
  const bytes = Buffer.from(clean, 'base64');
  const detected = detectType(bytes);
  if (!detected) {
    throw new BadInput([
      { path: field, message: text('servidor.archivo.tipo', { tipos: ACCEPTED_TYPES.join(', ') }) },
    ]);
  }
  const declared = input.contentType.trim().toLowerCase();
  if (declared && declared !== detected && !(declared === 'image/jpg' && detected === 'image/jpeg')) {
    throw new BadInput([
      {
        path: field,
        message: text('servidor.archivo.declarado', { detectado: detected, declarado: declared }),
      },
    ]);
  }
  return {
    kind: input.kind,
    filename: input.filename || `${input.kind}.${detected.split('/')[1]}`,
    contentType: detected,
    bytes,
  };
}

/** Stores a checked upload; answers its id. */
export async function saveUpload(db: Db, prospectId: number, u: CheckedUpload, now: number): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(
    'INSERT INTO vehicle_uploads (prospect_id, kind, filename, content_type, size_bytes, content, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [prospectId, u.kind, u.filename, u.contentType, u.bytes.length, u.bytes, new Date(now).toISOString()],
  );
  return Number(rows[0]!.id);
}

/** The uploads of a prospect without their content, newest first per kind. */
export async function listUploads(
  db: Db,
  prospectId: number,
): Promise<{ id: number; kind: string; filename: string; contentType: string; size: number }[]> {
  const { rows } = await db.query<{
    id: number | string;
    kind: string;
    filename: string;
    content_type: string;
    size_bytes: number;
  }>(
    'SELECT id, kind, filename, content_type, size_bytes FROM vehicle_uploads WHERE prospect_id = $1 ORDER BY id DESC',
    [prospectId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    filename: r.filename,
    contentType: r.content_type,
    size: r.size_bytes,
  }));
}

/** Reads the upload fields of a call body under their usual names. */
export function uploadFromBody(body: Record<string, unknown>, kindFallback: string): UploadInput {
  const str = (...keys: string[]): string => {
    for (const k of keys) {
      const v = body[k];
      if (typeof v === 'string') return v;
      if (typeof v === 'number') return String(v);
    }
    return '';
  };
  // Names end up in TEXT columns and in listings: no control characters, bounded length.
  // eslint-disable-next-line no-control-regex
  const clean = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  return {
    kind: clean(str('tipoDocumentoAdjunto', 'tipoArchivo', 'codigoDocumento', 'kind')) || kindFallback,
    filename: clean(str('nombreArchivo', 'nombre', 'filename')),
    contentType: clean(str('contentType', 'mimeType')),
    base64: str('archivo', 'contenido', 'base64', 'file'),
  };
}
