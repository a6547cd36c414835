/**
 * Plays a compiled flow in a unit test the way the web runtime does: it feeds the engine
 * events and keeps the last transition's state and effects, so a test reads like the
 * applicant's path ("submit the lead, answer 0, the evaluation step is next").
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { start, transition } from '../../src/engine/index.ts';
import type { Flow } from '../../src/engine/index.ts';
import { readFlowLibrary, readProjectFlow } from '../../src/linter/load-flows.ts';
import type {
  CallEffect,
  CompiledFlow,
  Effect,
  FlowEvent,
  FlowState,
  Transition,
} from '../../src/engine/index.ts';

/** Reads a JSON file of the project by its path from the repository root. */
export const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));

const library = readFlowLibrary(fileURLToPath(new URL('../../', import.meta.url)));

/**
 * A flow of `flows/` by name (`credinstante`, `fragments/firma`) as the engine plays it: resolved
 * through the project's one loader (extends, shared modals and templates undone).
 */
export const readFlow = (name: string): Flow => readProjectFlow('', name, library);

export class FlowSession {
  state: FlowState;
  effects: Effect[];

  constructor(
    private readonly flow: CompiledFlow,
    params: Record<string, string> = {},
  ) {
    const t = start(flow, { session: 's1', params }, { now: 0 });
    this.state = t.state;
    this.effects = t.effects;
  }

  private apply(event: FlowEvent): this {
    const t: Transition = transition(this.flow, this.state, event, { now: 0 });
    this.state = t.state;
    this.effects = t.effects;
    return this;
  }

  /** The call asked for by the last transition. */
  get call(): CallEffect {
    const call = this.effects.find((e): e is CallEffect => e.type === 'call');
    if (!call) throw new Error(`no call effect at step ${this.state.step}: ${JSON.stringify(this.effects)}`);
    return call;
  }

  submit(data: Record<string, unknown> = {}, trigger?: string): this {
    return this.apply({ type: 'submit', data, ...(trigger ? { trigger } : {}) });
  }
  action(name: string): this {
    return this.apply({ type: 'action', name, data: {} });
  }
  answer(body: unknown): this {
    const pending = this.state.pending;
    if (!pending) throw new Error(`nothing pending at step ${this.state.step}`);
    return this.apply({ type: 'response', requestId: pending.requestId, status: 200, body });
  }
  fail(): this {
    const pending = this.state.pending;
    if (!pending) throw new Error(`nothing pending at step ${this.state.step}`);
    return this.apply({
      type: 'failure',
      requestId: pending.requestId,
      kind: 'server',
      message: 'Ocurrió un error en el servidor',
      status: 500,
    });
  }
  socket(message: unknown): this {
    return this.apply({ type: 'socket', step: this.state.step, message });
  }
  socketTimeout(): this {
    return this.apply({ type: 'socket-timeout', step: this.state.step });
  }
  timer(id: string): this {
    return this.apply({ type: 'timer', id });
  }
  close(button?: number): this {
    return this.apply({ type: 'modal-closed', ...(button === undefined ? {} : { button }) });
  }
  get modal(): string | null {
    return this.state.modal?.id ?? null;
  }
}
