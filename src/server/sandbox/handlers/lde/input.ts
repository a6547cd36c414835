/**
 * Small readers over a handler's request body and the instant-credit prospect it names.
 * The platform has already checked the body against its schema; these readers still refuse
 * a missing or malformed field with {@link BadInput} (400 'Parámetros inválidos' and the
 * field), never a 500, because several calls share a body shape loosely.
 */
import { randomInt } from 'node:crypto';
import { BadInput, type Db, type HandlerRequest } from '../../types.ts';
import { loadProspect, type Prospect } from '../../../domain/lde/prospects.ts';
import { text } from '../../../texts.ts';

/** The first present field among `names` as a trimmed string, or `undefined`. */
export function optStr(body: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = body[n];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return undefined;
}

/** Like {@link optStr} but required. */
export function reqStr(body: Record<string, unknown>, ...names: string[]): string {
  const v = optStr(body, ...names);
  if (v === undefined) throw new BadInput([{ path: `/${names[0]!}`, message: 'es obligatorio' }]);
  return v;
}

/** The first present field among `names` as a finite number, or `undefined`. */
export function optNum(body: Record<string, unknown>, ...names: string[]): number | undefined {
  for (const n of names) {
    const v = body[n];
    const x = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(x)) return x;
  }
  return undefined;
}

/** Like {@link optNum} but required. */
export function reqNum(body: Record<string, unknown>, ...names: string[]): number {
  const v = optNum(body, ...names);
  if (v === undefined) throw new BadInput([{ path: `/${names[0]!}`, message: text('input.notNumber') }]);
  return v;
}

/** The prospect id a request names: the body's `codigoProspecto` (or `id`), else the path's `{id}` / `{codigoProspecto}`. */
export function prospectIdOf(req: HandlerRequest): unknown {
  return (
    req.body.codigoProspecto ??
    req.body.idProspecto ??
    req.params.id ??
    req.params.codigoProspecto ??
    req.query.codigoProspecto ??
    req.body.id
  );
}

/**
 * The prospect a request names, or `null`. When the body also carries `documento`, it must
 * match: an id alone is not enough to open someone else's application.
 */
export async function prospectOf(db: Db, req: HandlerRequest): Promise<Prospect | null> {
  const p = await loadProspect(db, prospectIdOf(req));
  if (!p) return null;
  const doc = optStr(req.body, 'documento');
  if (doc !== undefined && doc !== p.documento) return null;
  return p;
}

/**
 * A new prospect id: random, not sequential, so an id seen in one application says nothing
 * about the next one and ids cannot be enumerated (object-level authorisation).
 */
export function newProspectId(): number {
  return randomInt(100_000_000, 2 ** 47);
}
