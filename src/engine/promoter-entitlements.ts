/**
 * What a promoter's entity gives them (spec 000 §3 "Promoter session", 001 §6): the sales
 * channel and the products they may sell. The service answers them in its login and status
 * answers; the browser takes the products from those answers and derives the channel here.
 */

/** Sales channel from the entity code: 1 → 5 (in person), 3020 → 3, 3021 → 4, any other → 2. */
export function channelFor(codigoEntidad: number): number {
  if (codigoEntidad === 1) return 5;
  if (codigoEntidad === 3020) return 3;
  if (codigoEntidad === 3021) return 4;
  return 2;
}

/** Products the promoter may sell: 30 (contigo) for every entity but 1008, which gets 31 (taxi). */
export function productsFor(codigoEntidad: number): { ti_solpro: number }[] {
  return codigoEntidad === 1008 ? [{ ti_solpro: 31 }] : [{ ti_solpro: 30 }];
}
