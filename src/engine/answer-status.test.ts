import { describe, expect, it } from 'vitest';
import { isAnswerStatus } from './answer-status.ts';

describe('isAnswerStatus', () => {
  it('reads an answer from 200 and 201 only', () => {
    expect([200, 201].map(isAnswerStatus)).toEqual([true, true]);
    expect([202, 204, 206, 301, 400, 404, 500, 504].some(isAnswerStatus)).toBe(false);
  });
});
