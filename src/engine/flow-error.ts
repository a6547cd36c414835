/**
 * The one error shape of the engine: a code an analyst or a tool can match, a message in
 * plain words that says what is wrong and how to fix it, and where (a JSON pointer).
 */

/** What kind of problem a {@link FlowError} reports. */
export type FlowErrorCode =
  | 'unknown-step'
  | 'unknown-modal'
  | 'unknown-endpoint'
  | 'unknown-fragment'
  | 'fragment-clash'
  | 'unknown-parameter'
  | 'missing-parameter'
  | 'unknown-operator'
  | 'missing-placeholder'
  | 'unknown-placeholder'
  | 'no-code-field'
  | 'conflicting-action'
  | 'carry-without-route'
  | 'duplicate-timer'
  | 'unknown-flow'
  | 'unknown-template';

/** A flow reference the engine cannot resolve, or json-logic it refuses to run. */
export class FlowError extends Error {
  readonly code: FlowErrorCode;
  /** JSON pointer into the flow file, e.g. `/steps/preEvaluacion/calls/submit/endpoint`. */
  readonly path: string;
  /** Id of the flow or included fragment the pointer refers to, when known. */
  readonly source: string | undefined;

  constructor(code: FlowErrorCode, message: string, path: string, source?: string) {
    super(
      source === undefined
        ? `${message} (at ${path || '/'})`
        : `${message} (at ${path || '/'} in "${source}")`,
    );
    this.name = 'FlowError';
    this.code = code;
    this.path = path;
    this.source = source;
  }
}

/** Escapes one key for a JSON pointer (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function pointerKey(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins a JSON pointer and more keys: `pointer('/steps', 'a/b')` → `/steps/a~1b`. */
export function pointer(base: string, ...keys: (string | number)[]): string {
  let out = base;
  for (const k of keys) out += `/${pointerKey(k)}`;
  return out;
}

/** The keys of a JSON pointer: `/steps/a~1b` → `['steps', 'a/b']`. */
export function pointerPath(p: string): string[] {
  return p === ''
    ? []
    : p
        .slice(1)
        .split('/')
        .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
}
