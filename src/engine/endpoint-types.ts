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
  /** Spec family heading. */
  readonly family: 'session' | 'catalogs' | 'lde' | 'contracts' | 'moto' | 'consumo' | 'taxi' | 'conversion';
}
