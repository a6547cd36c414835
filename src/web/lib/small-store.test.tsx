import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmallStore } from './small-store.ts';

interface Counter {
  n: number;
  label: string;
  inc(): void;
}

const counter = (persist?: { name: string }) =>
  createSmallStore<Counter>(
    (set) => ({ n: 0, label: 'a', inc: () => set((s) => ({ n: s.n + 1 })) }),
    persist && { name: persist.name, pick: (s) => ({ n: s.n }) },
  );

afterEach(() => window.localStorage.clear());

describe('createSmallStore', () => {
  it('re-renders a component when its selected value changes', () => {
    const useCounter = counter();
    function Show() {
      return <p>{useCounter((s) => s.n)}</p>;
    }
    render(<Show />);
    expect(screen.getByText('0')).toBeTruthy();
    act(() => useCounter.getState().inc());
    expect(screen.getByText('1')).toBeTruthy();
    act(() => useCounter.setState({ n: 5 }));
    expect(screen.getByText('5')).toBeTruthy();
  });

  it('merges partial updates and tells subscribers until they unsubscribe', () => {
    const useCounter = counter();
    const seen: number[] = [];
    const off = useCounter.subscribe(() => seen.push(useCounter.getState().n));
    useCounter.getState().inc();
    useCounter.setState({ label: 'b' });
    off();
    useCounter.getState().inc();
    expect(seen).toEqual([1, 1]);
    expect(useCounter.getState()).toMatchObject({ n: 2, label: 'b' });
  });

  it('keeps the picked fields in localStorage in zustand persist format and reads them back', () => {
    const first = counter({ name: 'counter' });
    first.getState().inc();
    first.setState({ label: 'not saved' });
    expect(JSON.parse(window.localStorage.getItem('counter') ?? 'null')).toEqual({
      state: { n: 1 },
      version: 0,
    });
    const again = counter({ name: 'counter' });
    expect(again.getState()).toMatchObject({ n: 1, label: 'a' });
  });

  it('reads what zustand persist saved before, and starts empty on unreadable data', () => {
    window.localStorage.setItem('counter', JSON.stringify({ state: { n: 7 }, version: 0 }));
    expect(counter({ name: 'counter' }).getState().n).toBe(7);
    window.localStorage.setItem('counter', '{not json');
    expect(counter({ name: 'counter' }).getState().n).toBe(0);
  });
});
