import { describe, expect, it } from 'vitest';
import { firstStepShowing, viewsOf } from './flow-page.tsx';

const flow = {
  steps: {
    lead: { view: 'form' },
    token: { view: 'token' },
    evaluation: { view: 'phases' },
    offer: { view: 'simulator' },
    data: { view: 'form' },
    end: { view: 'message' },
    custom: { view: 'not-a-view' },
  },
} as unknown as Parameters<typeof viewsOf>[0];

describe('the views a page fetches while an answer is awaited', () => {
  it('come nearest first: the steps after the current one in the file, then those before it, each view once', () => {
    expect(viewsOf(flow, 'lead')).toEqual(['token', 'phases', 'simulator', 'form', 'message']);
    expect(viewsOf(flow, 'offer')).toEqual(['form', 'message', 'token', 'phases', 'simulator']);
  });

  it('leave out a name the registry does not know (the linter reports it), and start at the top for an unknown step', () => {
    expect(viewsOf(flow, 'gone')).toEqual(['token', 'phases', 'simulator', 'form', 'message']);
  });

  it('are drawn ahead as the first step after the current one that shows them', () => {
    expect(firstStepShowing(flow, 'form', 'token')).toBe('data');
    expect(firstStepShowing(flow, 'token', 'offer')).toBe('token');
    expect(firstStepShowing(flow, 'letter', 'lead')).toBeUndefined();
  });
});
