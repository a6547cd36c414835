import { describe, expect, it } from 'vitest';
import { VIEW_IDS } from '../../engine/views.ts';
import { resolveView, views } from './registry.ts';

describe('view registry', () => {
  it('implements exactly the view ids flows may name', () => {
    expect(Object.keys(views).sort()).toEqual([...VIEW_IDS].sort());
  });

  it('resolves a known id', () => {
    expect(resolveView('token', 'credinstante.steps.token.view')).toBe(views.token);
  });

  it('names an unknown view, where it was asked for, and the closest id', () => {
    expect(() => resolveView('sumary', 'celulares.steps.confirmacion.view')).toThrow(
      /Vista desconocida "sumary" en celulares\.steps\.confirmacion\.view\. Did you mean "summary"\?/,
    );
  });
});
