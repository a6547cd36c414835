import { describe, expect, it } from 'vitest';
import { firstStepShowing, stepsAhead, viewsOf } from './steps-ahead.ts';

// A journey written out of order on purpose: the file's order is not the way through it.
const flow = {
  steps: {
    lead: { view: 'form', calls: { submit: { outcome: { cases: { '00': { goto: 'token' } } } } } },
    end: { view: 'message' },
    observed: { view: 'letter' },
    token: { view: 'token', next: { goto: 'evaluation' } },
    evaluation: {
      view: 'phases',
      wait: {
        outcome: {
          rules: [
            { if: { '==': [1, 1] }, then: { goto: 'offer' } },
            { if: true, then: { modal: 'observedNotice' } },
          ],
        },
      },
    },
    offer: { view: 'simulator', next: { goto: 'data' } },
    data: { view: 'form', next: { goto: 'end' } },
    custom: { view: 'not-a-view' },
  },
  modals: {
    observedNotice: { kind: 'alert', buttons: [{ label: 'x', action: { goto: 'observed' } }] },
  },
} as unknown as Parameters<typeof viewsOf>[0];

describe('the steps and views a page fetches while an answer is awaited', () => {
  it("come by the flow's ways, nearest first, the modals' buttons included, not by the file's order", () => {
    expect(stepsAhead(flow, 'lead')).toEqual([
      'token',
      'evaluation',
      'offer',
      'observed',
      'data',
      'end',
      'custom',
      'lead',
    ]);
    expect(viewsOf(flow, 'lead')).toEqual(['token', 'phases', 'simulator', 'letter', 'form', 'message']);
    expect(viewsOf(flow, 'evaluation')).toEqual([
      'simulator',
      'letter',
      'form',
      'message',
      'token',
      'phases',
    ]);
  });

  it('put the steps no way reaches after the others, in the file order after the current step', () => {
    expect(stepsAhead(flow, 'end')).toEqual([
      'observed',
      'token',
      'evaluation',
      'offer',
      'data',
      'custom',
      'lead',
      'end',
    ]);
  });

  it('leave out a name the registry does not know (the linter reports it), and start at the top for an unknown step', () => {
    expect(viewsOf(flow, 'gone')).toEqual(['form', 'message', 'letter', 'token', 'phases', 'simulator']);
  });

  it('are drawn ahead as the nearest step that shows them', () => {
    expect(firstStepShowing(flow, 'form', 'token')).toBe('data');
    expect(firstStepShowing(flow, 'token', 'offer')).toBe('token');
    expect(firstStepShowing(flow, 'letter', 'lead')).toBe('observed');
    expect(firstStepShowing(flow, 'upload', 'lead')).toBeUndefined();
  });
});
