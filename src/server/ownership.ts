/**
 * Ownership (docs/security.md, DESIGN.md "Who may open an application"): one hook, before every
 * API handler and before the upstream proxy, checks that the caller holds each application the
 * call names, where the endpoint registry says the call names it (`EndpointDef.application`).
 * A browser holds what it created or resumed (signed cookie, holdings in the database), what a
 * signed link granted it, and a promoter what their entity's promoters opened. A call naming an
 * application the caller does not hold has every such id replaced by one that cannot exist
 * before it goes on, so the handler (or the gateway) answers exactly as for an unknown id and
 * changes nothing. The ids a call hands to its caller (`EndpointDef.grants`) are recorded from
 * its answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationKind, ApplicationRef, EndpointDef } from '../engine/endpoint-types.ts';
import type { Db } from './sandbox/types.ts';
import type { Settings } from './settings.ts';
import { groupRoutes, pickEntry, type RouteGroup } from './registry.ts';
import { flatQuery } from './api-routes.ts';
import { issueBrowserSession, readBrowserSession } from './browser-cookie.ts';
import { text as texts } from './texts.ts';
import type { ResumeCheck } from './resume-guard.ts';
import { SERVICE_FACTS } from './service-facts.ts';

/** An id no application ever has (ids are positive and below 2^47): the stand-in for one the caller does not hold. */
export const NO_APPLICATION = 9007199254740991;

/** Body fields that say which promoter an application belongs to: only a promoter session may set them. */
const PROMOTER_FIELDS = ['codigoUsuario', 'nombreUsuario', 'usuario'] as const;

/** The caller as ownership sees it. */
export interface Caller {
  /** The browser session of the signed cookie (or the one issued now), or null. */
  browser: string | null;
  /** The entity of the logged-in promoter, or null. */
  entity: number | null;
  /** The promoter's own code, or null. */
  codigoUsuario: string | null;
}

/** What ownership needs of the service. */
export interface OwnershipOptions {
  endpoints: readonly EndpointDef[];
  db: Db;
  settings: Settings;
  /** The logged-in promoter (sandbox mode); upstream mode has none here (the gateway keeps its sessions). */
  promoterOf?: (request: FastifyRequest) => Promise<{ codigoEntidad: number; codigoUsuario: string } | null>;
  /**
   * Applications the database already knows an owner for (sandbox mode): whether `entity`'s
   * promoters opened it, and which instant-credit prospect an evaluation belongs to.
   */
  lookup?: {
    entityHolds(kind: ApplicationKind, id: string, entity: number): Promise<boolean>;
    prospectOfEvaluation(id: string): Promise<string | null>;
  };
}

interface OwnershipState {
  entry: EndpointDef;
  caller: Caller;
  /** True when the call named an application the caller does not hold. */
  refused: boolean;
  /** Whether this caller may resume an existing application (held by them, or by nobody yet). */
  mayResume: ResumeCheck;
}

declare module 'fastify' {
  interface FastifyRequest {
    ownership?: OwnershipState;
  }
}

/**
 * Every application id a value may be read as by a handler or the gateway: its digits (`" 012 "`
 * is 12), JavaScript's reading of it (`"1e3"` and `"0x3E8"` are 1000) and, for report links,
 * the digits it encodes in base64. Empty when it can be read as none (the handler then finds
 * no application with it either).
 */
export function idCandidates(value: unknown): string[] {
  const out = new Set<string>();
  const add = (n: number) => {
    if (Number.isSafeInteger(n) && n >= 0) out.add(String(n));
  };
  if (typeof value === 'number') add(value);
  if (typeof value !== 'string') return [...out];
  const s = value.trim();
  if (/^\d{1,30}$/.test(s)) out.add(s.replace(/^0+(?=\d)/, ''));
  if (s !== '') add(Number(s));
  if (/^[A-Za-z0-9+/_-]{2,40}={0,2}$/.test(s)) {
    const decoded = Buffer.from(s, 'base64').toString('utf8').trim();
    if (/^\d{1,30}$/.test(decoded)) out.add(decoded.replace(/^0+(?=\d)/, ''));
  }
  return [...out];
}

/** The id a grant's answer carries, or null. */
function answeredId(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? String(value) : null;
  return typeof value === 'string' && /^\d{1,18}$/.test(value.trim())
    ? value.trim().replace(/^0+(?=\d)/, '')
    : null;
}

/** Reads a dotted path of a JSON value. */
function at(value: unknown, path: string): unknown {
  let v = value;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/** The holders a caller speaks for, as stored. */
function holdersOf(caller: Caller): string[] {
  return [
    ...(caller.browser !== null ? [`b:${caller.browser}`] : []),
    ...(caller.entity !== null ? [`e:${caller.entity}`] : []),
  ];
}

/** The holdings table. */
export class Holdings {
  constructor(private readonly db: Db) {}

  /** True when one of `holders` holds the application `id` under one of `kinds`. */
  async held(holders: readonly string[], kinds: readonly string[], id: string): Promise<boolean> {
    if (holders.length === 0) return false;
    const { rows } = await this.db.query(
      'SELECT 1 FROM application_holders WHERE holder = ANY($1::text[]) AND kind = ANY($2::text[]) AND app_id = $3 LIMIT 1',
      [holders, kinds, id],
    );
    return rows.length > 0;
  }

  /** True when anyone holds it. */
  async anyone(kinds: readonly string[], id: string): Promise<boolean> {
    const { rows } = await this.db.query(
      'SELECT 1 FROM application_holders WHERE kind = ANY($1::text[]) AND app_id = $2 LIMIT 1',
      [kinds, id],
    );
    return rows.length > 0;
  }

  /** Every holder of `holders` holds `id` under every kind of `kinds`: one statement, one commit. */
  async grant(holders: readonly string[], kinds: readonly string[], id: string): Promise<void> {
    if (holders.length === 0 || kinds.length === 0) return;
    await this.db.query(
      `INSERT INTO application_holders (holder, kind, app_id)
       SELECT h, k, $3::text FROM unnest($1::text[]) AS h, unnest($2::text[]) AS k
       ON CONFLICT DO NOTHING`,
      [holders, kinds, id],
    );
  }
}

/** The values a call carries at one reference, with a way to replace each. */
interface Found {
  ref: ApplicationRef;
  value: unknown;
  replace(): void;
}

function findRefs(
  refs: readonly ApplicationRef[],
  params: Record<string, string>,
  query: Record<string, unknown>,
  body: Record<string, unknown> | null,
): Found[] {
  const out: Found[] = [];
  for (const ref of refs) {
    for (const name of ref.names) {
      if (ref.in === 'path' && params[name] !== undefined)
        out.push({ ref, value: params[name], replace: () => (params[name] = String(NO_APPLICATION)) });
      if (ref.in === 'query' && query[name] !== undefined)
        out.push({ ref, value: query[name], replace: () => (query[name] = String(NO_APPLICATION)) });
      if (ref.in === 'body' && body !== null && body[name] !== undefined && body[name] !== null) {
        const v = body[name];
        out.push({
          ref,
          value: v,
          replace: () => (body[name] = typeof v === 'number' ? NO_APPLICATION : String(NO_APPLICATION)),
        });
      }
    }
  }
  return out;
}

/**
 * The application ids of `kind` a call names (as its handler could read them), for the calls
 * that record what they changed (the existing customers' audit trail).
 */
export function namedApplicationIds(
  entry: EndpointDef,
  params: Record<string, string>,
  query: Record<string, unknown>,
  body: Record<string, unknown> | null,
  kind: ApplicationKind,
): number[] {
  if (!Array.isArray(entry.application)) return [];
  const refs = (entry.application as readonly ApplicationRef[]).filter((r) => r.kinds.includes(kind));
  const ids = new Set<number>();
  for (const f of findRefs(refs, { ...params }, { ...query }, body === null ? null : { ...body }))
    for (const id of idCandidates(f.value)) if (id !== String(NO_APPLICATION)) ids.add(Number(id));
  return [...ids];
}

/** The JSON object body of a request: parsed (sandbox) or raw bytes (upstream), else null. */
function bodyObject(request: FastifyRequest): { body: Record<string, unknown> | null; raw: boolean } {
  const b: unknown = request.body;
  if (Buffer.isBuffer(b)) {
    if (!/json/i.test(String(request.headers['content-type'] ?? ''))) return { body: null, raw: true };
    try {
      const parsed: unknown = JSON.parse(b.toString('utf8'));
      return {
        body:
          parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : null,
        raw: true,
      };
    } catch {
      return { body: null, raw: true };
    }
  }
  return {
    body: b !== null && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : null,
    raw: false,
  };
}

/** Installs the hook on every registry route (sandbox handlers and upstream proxy alike). */
export function installOwnership(app: FastifyInstance, o: OwnershipOptions): Holdings {
  const holdings = new Holdings(o.db);
  const groups = new Map<string, RouteGroup>();
  for (const g of groupRoutes(o.endpoints)) groups.set(`${g.method} ${g.pattern}`, g);

  /** True when the caller holds the application `id` of one of `kinds`. */
  const holds = async (caller: Caller, kinds: readonly ApplicationKind[], id: string): Promise<boolean> => {
    const holders = holdersOf(caller);
    if (await holdings.held(holders, kinds, id)) return true;
    if (o.lookup === undefined) return false;
    if (kinds.includes('evaluation')) {
      const prospect = await o.lookup.prospectOfEvaluation(id);
      if (prospect !== null && (await holds(caller, ['lde'], prospect))) return true;
    }
    if (caller.entity !== null)
      for (const kind of kinds)
        if (kind !== 'evaluation' && (await o.lookup.entityHolds(kind, id, caller.entity))) return true;
    return false;
  };

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const pattern = request.routeOptions.url;
    const group = pattern === undefined ? undefined : groups.get(`${request.method} ${pattern}`);
    if (group === undefined) return;
    const query =
      request.query !== null && typeof request.query === 'object'
        ? (request.query as Record<string, unknown>)
        : {};
    const entry = pickEntry(group, flatQuery(query));
    if (entry === undefined) return;

    const promoter = (await o.promoterOf?.(request)) ?? null;
    let browser = readBrowserSession(request, o.settings.jwtSecret);
    // The first call that hands out an application starts the browser's session.
    if (browser === null && entry.grants !== undefined)
      browser = issueBrowserSession(request, reply, o.settings);
    const caller: Caller = {
      browser,
      entity: promoter?.codigoEntidad ?? null,
      codigoUsuario: promoter?.codigoUsuario ?? null,
    };
    const state: OwnershipState = {
      entry,
      caller,
      refused: false,
      mayResume: async (kinds, id) =>
        (await holds(caller, kinds, String(id))) || !(await holdings.anyone(kinds, String(id))),
    };
    request.ownership = state;

    const { body, raw } = bodyObject(request);
    let bodyChanged = false;
    // Only a promoter session puts an application on a promoter's desk, and only on its own.
    if (body !== null && (entry.grants?.by === 'create' || Array.isArray(entry.application))) {
      for (const f of PROMOTER_FIELDS) {
        if (body[f] === undefined) continue;
        if (promoter === null) delete body[f];
        else if (f === 'codigoUsuario') body[f] = promoter.codigoUsuario;
        else continue;
        bodyChanged = true;
      }
      // A promoter's applications go to the promoter's own entity. Without a promoter the
      // entity is only the link's referral (it puts nothing on a desk: that takes a promoter).
      if (
        promoter !== null &&
        body.codigoEntidad !== undefined &&
        Number(body.codigoEntidad) !== promoter.codigoEntidad
      ) {
        body.codigoEntidad = promoter.codigoEntidad;
        bodyChanged = true;
      }
      for (const f of SERVICE_FACTS) {
        if (body[f] === undefined) continue;
        delete body[f];
        bodyChanged = true;
      }
    }

    // No mass assignment: a call with an allow-list keeps only those fields.
    if (body !== null && entry.fields !== undefined) {
      const allowed = new Set(entry.fields);
      for (const f of Object.keys(body)) {
        if (allowed.has(f)) continue;
        delete body[f];
        bodyChanged = true;
      }
    }

    const refs = entry.application;
    if (Array.isArray(refs)) {
      const params = (request.params ?? {}) as Record<string, string>;
      const found = findRefs(refs as readonly ApplicationRef[], params, query, body);
      check: for (const f of found) {
        // Only a string or a number names an application; anything else (`[12]`, `true`) is refused whole.
        if (typeof f.value !== 'string' && typeof f.value !== 'number') {
          state.refused = true;
          break;
        }
        for (const id of idCandidates(f.value)) {
          if (!(await holds(caller, f.ref.kinds, id))) {
            state.refused = true;
            break check;
          }
        }
      }
      if (state.refused) {
        for (const f of found) {
          f.replace();
          if (f.ref.in === 'body') bodyChanged = true;
        }
        // The upstream proxy forwards `request.url`: rebuild it with the stand-in id.
        const path = group.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
          encodeURIComponent(params[name] ?? ''),
        );
        const qs = new URLSearchParams();
        for (const [k, v] of Object.entries(query))
          for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
        const s = qs.toString();
        request.raw.url = s === '' ? path : `${path}?${s}`;
      }
    }
    if (raw && bodyChanged && body !== null) request.body = Buffer.from(JSON.stringify(body), 'utf8');
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = request.ownership;
    if (state === undefined) return payload;
    const grant = state.entry.grants;
    const reveals = state.entry.reveals;
    if (grant === undefined && reveals === undefined) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const text = Buffer.isBuffer(payload)
      ? payload.toString('utf8')
      : typeof payload === 'string'
        ? payload
        : null;
    if (text === null) return payload;
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      return payload;
    }
    // A lookup (by DNI) that found an application the caller does not hold answers as if it
    // had found none: the call's own "not found".
    if (reveals !== undefined) {
      const found = answeredId(at(answer, reveals.answer));
      if (found !== null && !(await holds(state.caller, reveals.kinds, found))) {
        reply.removeHeader('content-length');
        return JSON.stringify({
          codRes: reveals.notFound.codRes,
          detalleRespuesta: texts(reveals.notFound.detalleRespuesta),
        });
      }
    }
    if (grant === undefined || state.refused) return payload;
    const id = answeredId(at(answer, grant.answer));
    if (id === null) return payload;
    // A link grants only the kind of application it names.
    const { kindAt } = grant;
    const named = kindAt === undefined ? undefined : at(answer, kindAt);
    const kinds = kindAt === undefined ? grant.kinds : grant.kinds.filter((k) => k === named);
    const holders = holdersOf(state.caller);
    // A creating call that answers an application someone else holds (a pre-evaluation with
    // another person's document) resumes nothing for this caller: only a link grants that.
    if (
      grant.by === 'create' &&
      (await holdings.anyone(kinds, id)) &&
      !(await holds(state.caller, kinds, id))
    )
      return payload;
    await holdings.grant(
      grant.by === 'link' ? holders.filter((h) => h.startsWith('b:')) : holders,
      kinds,
      id,
    );
    return payload;
  });

  return holdings;
}

/** The sandbox's owners of applications stored before (or outside) the holdings table. */
export function sandboxLookup(db: Db): NonNullable<OwnershipOptions['lookup']> {
  return {
    entityHolds: async (kind, id, entity) => {
      const sql =
        kind === 'lde'
          ? `SELECT 1 FROM lde_prospects l JOIN promoters r ON r.codigo_usuario = l.codigo_usuario AND r.codigo_entidad = l.codigo_entidad
              WHERE l.id = $1::bigint AND l.codigo_entidad = $2`
          : kind === 'vehicle'
            ? `SELECT 1 FROM vehicle_prospects v JOIN promoters r ON r.codigo_usuario = v.data->>'codigoUsuario'
                WHERE v.id = $1::bigint AND r.codigo_entidad = $2 AND coalesce(v.data->>'codigoEntidad', $2::text) = $2::text`
            : kind === 'conversion'
              ? `SELECT 1 FROM conversion_prospects c JOIN promoters r ON r.codigo_usuario = c.data->>'codigoUsuario'
                  WHERE c.id = $1::bigint AND r.codigo_entidad = $2`
              : null;
      if (sql === null || !/^\d{1,18}$/.test(id)) return false;
      const { rows } = await db.query(sql, [id, entity]);
      return rows.length > 0;
    },
    prospectOfEvaluation: async (id) => {
      if (!/^\d{1,18}$/.test(id)) return null;
      const { rows } = await db.query<{ prospect_id: string | number }>(
        'SELECT prospect_id FROM lde_evaluations WHERE id = $1::bigint',
        [id],
      );
      return rows[0] === undefined ? null : String(rows[0].prospect_id);
    },
  };
}
