import { describe, expect, it } from 'vitest';
import { channelFor, productsFor } from './promoter-entitlements.ts';

describe('promoter entitlements (SCENARIOS.md seeded promoters)', () => {
  it.each([
    [1, 5, 30],
    [2001, 2, 30],
    [3020, 3, 30],
    [3021, 4, 30],
    [1008, 2, 31],
  ])('entity %i sells through channel %i with product %i', (entity, channel, product) => {
    expect(channelFor(entity)).toBe(channel);
    expect(productsFor(entity)).toEqual([{ ti_solpro: product }]);
  });
});
