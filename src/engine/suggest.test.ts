import { describe, expect, it } from 'vitest';
import { didYouMean, levenshtein, suggest } from './suggest.ts';

describe('levenshtein', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    ['simulador', 'simuladro', 2],
    ['goto', 'goto', 0],
  ])('%s → %s is %i edits', (a, b, d) => {
    expect(levenshtein(a, b)).toBe(d);
    expect(levenshtein(b, a)).toBe(d);
  });
});

describe('suggest', () => {
  const steps = ['preEvaluacion', 'evaluacionPoliticas', 'simulador', 'token'];
  it.each([
    ['simuladr', 'simulador'],
    ['preevaluacion', 'preEvaluacion'],
    ['tokn', 'token'],
    ['evaluacionPolitica', 'evaluacionPoliticas'],
  ])('suggests %s → %s', (typo, hit) => {
    expect(suggest(typo, steps)).toBe(hit);
  });

  it('suggests nothing for a name unlike any known one', () => {
    expect(suggest('documentos', steps)).toBeUndefined();
    expect(suggest('x', [])).toBeUndefined();
  });

  it('writes the sentence only when there is a suggestion', () => {
    expect(didYouMean('tokn', steps)).toBe(' Did you mean "token"?');
    expect(didYouMean('zzzzzz', steps)).toBe('');
  });
});
