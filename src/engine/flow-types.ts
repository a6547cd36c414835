/**
 * The contract of a flow file (`flows/*.json`). `schemas/flow.schema.json` is the
 * JSON Schema of the same shape; `src/linter/rules/schema.test.ts` keeps the two in step.
 *
 * A flow is data: analysts write it, the engine interprets it, the linter proves it.
 */

/** A json-logic expression (restricted to the operators in `logic.ts`). */
export type Logic = null | boolean | number | string | Logic[] | { [operator: string]: Logic };

/** Layouts the shell can render a flow in. */
export type LayoutId = 'celulares' | 'credinstante' | 'default' | 'express' | 'ld' | 'main';

/** Theme variants: the default orange/blue and the blue style of consumer and taxi flows. */
export type ThemeId = 'default' | 'blue';

/**
 * What happens next. An action may set context values and fire a tracking event,
 * and then does at most one of: go to a step, open a modal, reset, go home,
 * reload, redirect, go back. With none of them the flow stays on its step.
 */
export interface Action {
  /** Context values to set first: key → json-logic over `{ response, context, form, error }`. */
  set?: Record<string, Logic>;
  /** Tracking event name (e.g. the ads conversion), fired through the runtime's one tracker. */
  track?: string;
  /** Go to this step id. */
  goto?: string;
  /** Open this modal id; what closing it does is the modal's `onClose` unless `then` overrides it. */
  modal?: string;
  /** With `modal`: the action run when the modal is closed (overrides the modal's own `onClose`). */
  then?: Action;
  /** Clear the flow back to its start step and default context. */
  reset?: true;
  /** Leave the flow for the home page `/`. */
  home?: true;
  /** Reload the current page. */
  reload?: true;
  /** Leave the flow for another route of the site, or an absolute https URL. */
  redirect?: string;
  /**
   * With `redirect` to a route of the site: hand what the applicant typed on this step to the
   * flow there (in the tab's storage, read once, never in the address); that flow keeps only
   * the fields its `carried` lists.
   */
  carry?: true;
  /** Go back to the previous step in history. */
  back?: true;
}

/** A decision table keyed by the outcome code; sugar over json-logic `==` rules. */
export interface Outcome {
  /**
   * The response field whose value the `cases` keys are compared with. Defaults to the
   * endpoint's `codeField`. A dotted path into the response, e.g. `"prospecto.estadoProspecto"`.
   */
  on?: string;
  /** Code → action, compared loosely as strings ("0" matches 0, "00" matches "00" only). */
  cases?: Record<string, Action>;
  /** Ordered json-logic rules over `{ response, context, form }`; the first true one wins; checked before `cases`. */
  rules?: {
    if: Logic;
    then: Action;
    note?: string;
    /**
     * Why the service can never answer what this rule tests at this use (the engine ignores it;
     * the linter and the path tests read it: the rule's edge counts as explained, and a run in
     * which the service answers it fails). For a code the call cannot answer, `answers` says so.
     */
    unreachable?: string;
  }[];
  /** The required fallback: what happens for any other answer. */
  else: Action;
  /** When the call fails (HTTP error class, timeout, network). Defaults to the runtime's error dialog with the error's message, staying on the step. */
  onError?: Action;
}

/** How a call's request body is built. */
export interface BodySpec {
  /** Merge these scopes in order (later wins): `context`, `form`, `params`. */
  from?: ('context' | 'form' | 'params')[];
  /** Then set these fields: field → json-logic over `{ context, form, params }`. */
  with?: Record<string, Logic>;
  /** Take only these fields from `from`; the fields `with` sets are always sent (and need not be listed). */
  pick?: string[];
}

/** One call a step makes: when it runs, what it sends, and how its answer is read. */
export interface CallSpec {
  /** Endpoint id from the registry (`src/engine/endpoints.ts`). */
  endpoint: string;
  /** Path placeholders: name → json-logic over `{ context, form, params }`. */
  path?: Record<string, Logic>;
  /** Query string: name → json-logic over `{ context, form, params }`. */
  query?: Record<string, Logic>;
  body?: BodySpec;
  /** On any answer that is not a failure, copy these into the context: key → json-logic over `{ response, context, form }`. */
  assign?: Record<string, Logic>;
  outcome: Outcome;
  /**
   * The codes the service can answer at this use, when fewer than the registry lists, and why
   * (the engine ignores it; the linter and the path tests read it).
   */
  answers?: { codes: string[]; why: string };
}

/** Waiting for a socket message (the policy evaluation). */
export interface WaitSpec {
  /** socket.io namespace, e.g. `/credinstante`. */
  socket: string;
  /** Event name carrying the result. */
  event: string;
  /** The room/key to join: json-logic over `{ context }` (e.g. the prospect id). */
  room: Logic;
  /** Maximum wait in ms (180000 for the policy evaluation). */
  maxMs: number;
  /** Copy into the context on message: key → json-logic over `{ response: message, context }`. */
  assign?: Record<string, Logic>;
  /** How the message is read (`on` names the message field; required). */
  outcome: Outcome & { on: string };
  /** What happens when `maxMs` passes with no message. */
  timeout: Action;
}

/** A timer started when the step is entered. */
export interface TimerSpec {
  id: string;
  ms: number;
  do: Action;
}

/** A step of the wizard. */
export interface Step {
  /** The step number of the product (shown and sent where the spec says). */
  number: number;
  /** View id from the view registry (`form`, `phases`, `simulator`, …). */
  view: string;
  /** Form id (`schemas/forms/<id>.json`) for views that show a form. */
  form?: string;
  /** i18n key of the step title. */
  title?: string;
  /** Progress position shown by the progress bar, from the flow's `progress.start` (1 unless it says 0) to the total; omitted = not shown. */
  progress?: number;
  /**
   * The progress bar's length for this step; omitted = the flow's `progress.total`. An included
   * fragment's `progress.total` is given to its steps this way.
   */
  progressTotal?: number;
  /**
   * i18n key of the heading over the progress bar on this step; omitted = the flow's
   * `progress.title`. An included fragment's `progress.title` is given to its steps this way.
   */
  progressTitle?: string;
  /** View-specific settings (phase durations, message keys, document group, …). */
  props?: Record<string, unknown>;
  /**
   * Calls by trigger: `enter` runs when the step is entered, `submit` when its form is
   * submitted, any other name when the view raises that action (e.g. `resend`).
   */
  calls?: Record<string, CallSpec>;
  /** Without a call: what a plain submit does (e.g. go to the next step). */
  next?: Action;
  wait?: WaitSpec;
  timers?: TimerSpec[];
  /** A final step: no way out is needed. */
  final?: boolean;
  /**
   * The applicant may come back to this step with the browser's back button (from a later
   * step, over loading and evaluation screens only). Omitted: a step once left stays behind.
   */
  revisit?: boolean;
  /**
   * Values the step's view starts with, by field: json-logic over `{ context, params }`, e.g.
   * what the applicant gave earlier (`{ "var": "context.telefono" }`). The applicant may change
   * them; what they typed on the step wins, and a value that is absent is left out.
   */
  prefill?: Record<string, unknown>;
}

/** A modal dialog. */
export interface Modal {
  /** `error` (persistent error dialog with image), `alert` (max width 350), `confirm` (alert with buttons), or a special kind. */
  kind: 'error' | 'alert' | 'confirm' | 'token' | 'married' | 'terms' | 'barcode' | 'upload' | 'image';
  /** i18n key of the title ('Estimado cliente', 'Lo sentimos', '¡Felicidades!', 'Error' by default for errors). */
  title?: string;
  /** i18n key of the message. */
  message?: string;
  /** Public image path. */
  image?: string;
  /** Buttons, each with an i18n label and its action. Without buttons: one OK button running `onClose`. */
  buttons?: { label: string; action: Action; link?: string }[];
  /** What closing the modal does (OK or the close button). Default: stay. */
  onClose?: Action;
  /**
   * A link under the message to an address the site is configured with (`to`: `renewal`, the
   * provider's office-site renewal page) and the i18n key of its text: a way on outside the
   * site that does not close the modal.
   */
  externalLink?: { to: ExternalLinkTarget; label: string };
}

/** The configured addresses outside the site a modal may link to. */
export type ExternalLinkTarget = 'renewal';

/** A parameter a fragment declares (see `Flow.parameters`). */
export interface FragmentParameter {
  /** The value used when the including flow passes none; without one the include must pass it. */
  default?: string;
  /** What the parameter stands for, for the analyst who includes the fragment. */
  description?: string;
}

/** A flow file. */
export interface Flow {
  $schema?: string;
  id: string;
  /** i18n key of the product name used in the page title "%s - {product}". */
  title: string;
  routes: string[];
  layout: LayoutId;
  theme?: ThemeId;
  /**
   * The progress bar: its total, its heading, and the position of the first step (`start`: 1,
   * or 0 where the spec numbers the steps from 0, as mototaxi's "Paso 0 de 6").
   */
  progress?: { total: number; title?: string; start?: 0 | 1 };
  /** Context defaults (the product's defaults). */
  context?: Record<string, unknown>;
  /** URL query parameters read at start into the context. */
  params?: string[];
  /** Other flows whose steps and modals are merged in (e.g. the signature steps 101–106). */
  include?: string[];
  /**
   * Values for the `parameters` of included fragments, keyed by the name used in `include`:
   * `{ "fragments/firma": { "lookupProspect": "consumo.lookupProspect" } }`. A parameter not
   * passed takes the fragment's default.
   */
  includeParams?: Record<string, Record<string, string>>;
  /**
   * A fragment's parameters: name → default and description. The fragment writes `"$name"`
   * where the value belongs (an endpoint id, a step id, a message key); an include replaces it.
   */
  parameters?: Record<string, FragmentParameter>;
  /** Set when the flow needs a logged-in promoter. */
  requiresPromoter?: boolean;
  /**
   * False when the flow's pages show no side drawer and no home link (spec §2: /vendemas, a
   * page a partner opens for a customer): every way on is a step of the flow. Default true.
   */
  menu?: boolean;
  start: string;
  /**
   * Start steps chosen by URL parameter: the first parameter listed here that the URL carries
   * starts the flow at its step instead of `start` (a link that opens an application). Each
   * parameter must be one of `params`.
   */
  startFrom?: Record<string, string>;
  /**
   * Fields another flow may hand to this one when it redirects here with `carry` (what the
   * applicant already typed there): they start in the context, for the steps' `prefill`.
   */
  carried?: string[];
  steps: Record<string, Step>;
  modals?: Record<string, Modal>;
}
