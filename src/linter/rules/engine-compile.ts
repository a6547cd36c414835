import type { EndpointDef } from '../../engine/endpoint-types.ts';
import { compileFlow } from '../../engine/compile-flow.ts';
import { FlowError, type FlowErrorCode } from '../../engine/flow-error.ts';
import type { Flow } from '../../engine/flow-types.ts';
import { fromPointer } from '../json-position.ts';
import { asFlow, flowId } from '../project.ts';
import type { Rule } from '../types.ts';

/** Engine errors that a rule of their own already reports, with more detail. */
const COVERED: ReadonlySet<FlowErrorCode> = new Set<FlowErrorCode>([
  'unknown-step',
  'unknown-modal',
  'unknown-endpoint',
  'unknown-operator',
  'unknown-parameter',
  'missing-parameter',
  'unknown-fragment',
]);

const complete = (e: unknown): e is EndpointDef =>
  typeof e === 'object' && e !== null && 'path' in e && 'method' in e;

/**
 * The engine compiles the flow (`compileFlow`): what the engine refuses at start-up is a lint
 * problem, so a clean lint means the flow plays. This reports what no other rule checks: an
 * action that does two things (goto and modal…), a step or modal id both in the flow and a
 * fragment, a missing or unknown path placeholder, `cases` on a call with no code field, and
 * two timers of a step with the same id (a missing fragment is unknown-include's).
 *
 * The engine stops at its first error, so one problem at most is reported per file. It runs
 * only when the files are schema-valid, and when the environment has whole endpoint definitions.
 */
export const rule: Rule = {
  id: 'engine-compile',
  meta: {
    description:
      'The engine compiles the flow (actions do one thing, fragments exist, path placeholders match, …).',
    severity: 'error',
    messages: {
      engine: '{{message}}',
      inFragment: 'Including "{{fragment}}" fails: {{message}}',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    const endpoints = Object.values(ctx.env.endpoints);
    if (!endpoints.every(complete)) return;
    const fragments: Record<string, Flow> = {};
    for (const [id, f] of ctx.project.byId) {
      const data = asFlow(f);
      if (f !== ctx.file && data) fragments[id] = data as unknown as Flow;
    }
    try {
      compileFlow(
        flow as unknown as Flow,
        ctx.env.endpoints as Readonly<Record<string, EndpointDef>>,
        fragments,
      );
    } catch (error) {
      // Anything else than a FlowError comes from a malformed file: the schema rule says how.
      if (!(error instanceof FlowError) || COVERED.has(error.code)) return;
      const message = error.message.replace(/ \(at [^)]*\)$/, '');
      if (error.source !== undefined && error.source !== flowId(ctx.file)) {
        ctx.report({ path: ['include'], messageId: 'inFragment', data: { fragment: error.source, message } });
      } else {
        ctx.report({ path: fromPointer(error.path), messageId: 'engine', data: { message } });
      }
    }
  },
};
