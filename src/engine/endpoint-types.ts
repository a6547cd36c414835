/**
 * Which kind of application an id names. Each kind counts its ids on its own, so an id is only
 * meaningful with its kind: instant-credit prospects (`lde`), vehicle, consumer and taxi
 * prospects (`vehicle`), conversion prospects (`conversion`) and policy evaluations
 * (`evaluation`, which belong to one instant-credit prospect).
 */
export type ApplicationKind = 'lde' | 'vehicle' | 'conversion' | 'evaluation';

/**
 * Where a call names an application: the server's ownership hook reads the id there before the
 * handler (or the upstream proxy) runs, and the authorisation suite is generated from it.
 */
export interface ApplicationRef {
  readonly in: 'path' | 'query' | 'body';
  /** The placeholder, query key or top-level body field; every one present is checked. */
  readonly names: readonly string[];
  /** The kinds the value may be (the shared identity and signature calls take either prospect). */
  readonly kinds: readonly ApplicationKind[];
}

/** What a creating call (or a link check) hands to its caller: the answer field with the application's id. */
export interface ApplicationGrant {
  /** Dotted path of the id in the JSON answer (`prospecto.codigoProspecto`). */
  readonly answer: string;
  readonly kinds: readonly ApplicationKind[];
  /**
   * `create`: the call opens an application (or answers the caller's own); `link`: the call
   * checks a signed link and the link grants its one application.
   */
  readonly by: 'create' | 'link';
  /**
   * Dotted path of the kind the answer says its application is (`data.kind`): of `kinds`, only
   * that one is granted, and none when the answer names another. For a call that can answer
   * an application of several kinds, whose numbers may coincide.
   */
  readonly kindAt?: string;
}

/**
 * A call that can answer an application found by something other than its id (a lookup by
 * DNI): a caller who does not hold the application it answers gets `notFound` instead.
 */
export interface ApplicationReveal {
  /** Dotted path of the application's id in the JSON answer. */
  readonly answer: string;
  readonly kinds: readonly ApplicationKind[];
  /** The call's own "not found" answer: its code, and the `i18n/es-PE.json` key of its text. */
  readonly notFound: { readonly codRes: string; readonly detalleRespuesta: string };
}

/** The shape of one entry of the endpoint registry (`endpoints.ts`). */
export interface EndpointDef {
  /** Stable id used by flows, e.g. `lde.preEvaluate`. Family prefix before the dot. */
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with `{placeholders}`, exactly as the spec lists it (query strings separate). */
  readonly path: string;
  /** Fixed query parameters that distinguish this call (e.g. `{ tipo: '2' }`, `{ paso: '1' }`). */
  readonly fixedQuery?: Readonly<Record<string, string>>;
  /** Timeout in ms (60000 for simulations). */
  readonly timeoutMs: number;
  /** The response field that carries the outcome (`codRes`, `codigoRespuesta`, `estadoProspecto`, `codigoEstado`, …), dotted. */
  readonly codeField: string | null;
  /** Every code the call can answer (as strings, exactly as sent: "00" and "0" differ). */
  readonly codes: readonly string[];
  /** True when the call creates something: the client sends an `Idempotency-Key`. */
  readonly creates: boolean;
  /**
   * True when a GET texts a paid SMS: the server answers it only for requests that carry the
   * site's own header, so no link or image on another site can trigger one.
   */
  readonly sendsSms?: true;
  /** Request body schema file under `schemas/api/` (null for GET). */
  readonly request: string | null;
  /** Response schema file under `schemas/api/`. */
  readonly response: string;
  /** One line saying what it does. */
  readonly summary: string;
  /**
   * Set when the spec names the call but gives no path: the path is this product's own, and
   * upstream mode must map it to the gateway's before relying on it. Says what the spec gives.
   */
  readonly pathNotInSpec?: string;
  /**
   * Where the call names an application (path, query or body), or `'none'` when it names
   * none, or `'signed-link'` when its only reference is a signed link in the path (the link is
   * its own proof). Every registry entry says which (the family files must, and the
   * authorisation suite fails on one that does not); test doubles may leave it out.
   */
  readonly application?: readonly ApplicationRef[] | 'none' | 'signed-link';
  /** Set on the calls whose answer hands the caller an application (creating calls, link checks). */
  readonly grants?: ApplicationGrant;
  /**
   * The body fields the call may set: the server drops every other before the handler (and
   * before the upstream proxy). Set on the calls that store what they are sent as a whole;
   * it includes every field the request schema lists and the handler reads.
   */
  readonly fields?: readonly string[];
  /** Set on the calls whose answer may name an application the caller did not name by id. */
  readonly reveals?: ApplicationReveal;
  /**
   * Set on a lookup that answers the application's stored state: the lender's back office may
   * move the application to any state of `codes` between the applicant's visits, so every code
   * may come at every use of the call (the sandbox lets a tester make that move:
   * `POST /__sandbox/prospects/{id}/state`, and the path tests prove each state so). Calls
   * without it answer what their own work decides.
   */
  readonly answersStoredState?: true;
  /**
   * Set on a call that answers the observation of the application's newest policy evaluation
   * (its details: "00" policies to correct, "02" none): the lender's analyst may review it while
   * the applicant is away and leave nothing to correct, so a page opened later from a link may
   * meet either (the sandbox lets a tester make that review:
   * `POST /__sandbox/prospects/{id}/observation`, and the path tests play it once before each
   * use on a page opened from a link).
   */
  readonly answersAnalystReview?: true;
  /**
   * Set on the call that opens an SMS link's token: a page visited without a link sends no
   * token, and the service refuses the call (400, the request schema requires it) by design;
   * the flows go on through the call's `onError` (the applicant identifies otherwise, or is
   * told the link is wrong). The path tests play that visit and take this 400 as its answer.
   */
  readonly refusesWithoutLink?: true;
  /**
   * Products of this creating call that only a promoter may apply for: the body field naming
   * the product and the codes that need a promoter session whose entity is entitled to them
   * (its `productos`). Anyone else is answered `code`, and nothing is opened.
   */
  readonly promoterProducts?: {
    readonly field: string;
    readonly products: readonly number[];
    readonly code: string;
  };
  /** Spec family heading. */
  readonly family: 'session' | 'catalogs' | 'lde' | 'contracts' | 'moto' | 'consumo' | 'taxi' | 'conversion';
}
