/**
 * The engine: a pure interpreter of flow files. Compile a flow once with `compileFlow`, then
 * `start` it and feed `transition` the runtime's events; each returns the next state (plain
 * JSON, safe to persist) and the effects the runtime must carry out.
 */
export { compileFlow, compileFlowInParts } from './compile-flow.ts';
export { resolveFlow, type FlowLibrary, type ResolvedFlow, type SourceRef } from './resolve-flow.ts';
export { start, type EngineOptions } from './start.ts';
export { transition } from './transition.ts';
export { backOption, type BackOption } from './back-option.ts';
export {
  evaluate,
  compileLogic,
  truthy,
  ALLOWED_OPERATORS,
  STANDARD_OPERATORS,
  type Evaluator,
} from './logic.ts';
export { NAMED_OPERATIONS, toText } from './named-operations.ts';
export { readPath, setPath } from './read-path.ts';
export { suggest, didYouMean, levenshtein } from './suggest.ts';
export { FlowError, pointer, type FlowErrorCode } from './flow-error.ts';
export { buildCall, type CallEffect } from './build-call.ts';
export { MAX_HISTORY } from './enter-step.ts';
export { isAnswerStatus } from './answer-status.ts';
export { ERROR_MODAL } from './compiled-types.ts';
export type * from './compiled-types.ts';
export type * from './engine-types.ts';
export type * from './flow-types.ts';
export type * from './endpoint-types.ts';
