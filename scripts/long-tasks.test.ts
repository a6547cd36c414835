import { describe, expect, it } from 'vitest';
import {
  blockingTime,
  mainThread,
  outermostTasks,
  parseArgs,
  partsOf,
  type CpuProfile,
  type TraceEvent,
} from './long-tasks.ts';

const at = (name: string, ts: number, dur: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  pid: 1,
  tid: 2,
  ...extra,
});

describe('long-tasks', () => {
  it('finds the page main thread: the renderer thread that parsed its HTML', () => {
    const events: TraceEvent[] = [
      { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 2, args: { name: 'CrRendererMain' } },
      { name: 'thread_name', ph: 'M', ts: 0, pid: 3, tid: 4, args: { name: 'CrRendererMain' } },
      { name: 'thread_name', ph: 'M', ts: 0, pid: 5, tid: 6, args: { name: 'Compositor' } },
      at('ParseHTML', 10, 5, { pid: 3, tid: 4 }),
      at('ParseHTML', 20, 5, { pid: 3, tid: 4 }),
      at('ParseHTML', 30, 5, { pid: 5, tid: 6 }),
    ];
    expect(mainThread(events)).toBe('3:4');
  });

  it('counts a task once, however many task events Chromium nests in it', () => {
    const outer = at('ThreadControllerImpl::RunTask', 1000, 20_000);
    const tasks = outermostTasks([
      at('RunTask', 1000, 19_000),
      outer,
      at('FunctionCall', 2000, 5000),
      at('RunTask', 30_000, 4000),
      { ...at('RunTask', 40_000, 0), dur: undefined },
    ]);
    expect(tasks).toEqual([outer, at('RunTask', 30_000, 4000)]);
  });

  it("adds up each task's excess over 50 ms once slowed", () => {
    expect(blockingTime([10, 12.5, 20, 30], 4)).toBe(0 + 0 + 30 + 70);
    expect(blockingTime([20, 30], 1)).toBe(0);
  });

  it('names the trace events and the profiled functions inside a task, and nothing outside it', () => {
    const events = [
      at('v8.evaluateModule', 1000, 8000),
      at('FunctionCall', 2000, 3000, {
        args: { data: { url: 'http://x/assets/start-abc.js', functionName: 'hydrate' } },
      }),
      at('Layout', 50_000, 9000),
      at('FunctionCall', 6000, 1000, {
        args: { data: { url: 'http://x/credinstante', functionName: 'load' } },
      }),
    ];
    const profile: CpuProfile = {
      startTime: 0,
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [2, 4] },
        {
          id: 2,
          callFrame: { functionName: 'render', url: 'http://x/assets/client.js', lineNumber: 9 },
          children: [3],
        },
        {
          id: 3,
          callFrame: { functionName: 'compilePath', url: 'http://x/assets/router.js', lineNumber: 0 },
        },
        { id: 4, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
      ],
      // Samples at 1000, 2000, 3000 µs inside the task, 60000 after it; each lasts until the next.
      samples: [3, 3, 2, 4, 3],
      timeDeltas: [1000, 1000, 1000, 1000, 56_000],
    };
    const parts = partsOf(500, 10_000, events, profile);
    expect(parts.events).toEqual([
      ['v8.evaluateModule', 8],
      ['FunctionCall start-abc.js hydrate', 3],
      ['FunctionCall page load', 1],
    ]);
    expect(parts.self).toEqual([
      ['compilePath router.js:1', 2],
      ['render client.js:10', 1],
    ]);
    expect(parts.total).toEqual([
      ['render client.js:10', 3],
      ['compilePath router.js:1', 2],
    ]);
  });

  it('reads its options and says which one is wrong', () => {
    expect(parseArgs([])).toEqual({ page: '/credinstante', loads: 3, slowdown: 4 });
    expect(parseArgs(['--page', '/moto', '--loads', '5', '--slowdown', '2.6'])).toEqual({
      page: '/moto',
      loads: 5,
      slowdown: 2.6,
    });
    expect(() => parseArgs(['--loads', '0'])).toThrow(/"--loads 0" is not an option/);
    expect(() => parseArgs(['--page', 'moto'])).toThrow(/--page \/path/);
    expect(() => parseArgs(['--slowdown', '0.5'])).toThrow(/--slowdown X/);
  });
});
