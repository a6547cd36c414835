import type { HandlerMap } from '../types.ts';

/** Handlers of this family (filled in by its part of the service). */
export const handlers: HandlerMap = {};
