/**
 * ATU (Lima's urban transport authority) plate lookup behind an adapter. The sandbox answers a
 * stable record per plate: whether the vehicle is authorised as a taxi, its card and expiry.
 */

export interface AtuRecord {
  placa: string;
  habilitado: boolean;
  numeroTarjeta: string;
  modalidad: 'TAXI INDEPENDIENTE' | 'TAXI ESTACION' | 'TAXI REMISSE';
  fechaVencimiento: string;
}

const MODALIDADES: readonly AtuRecord['modalidad'][] = [
  'TAXI INDEPENDIENTE',
  'TAXI ESTACION',
  'TAXI REMISSE',
];

/** The ATU record of a plate (already checked to be a plate). */
export function atuLookup(placa: string, now: number): AtuRecord {
  const p = placa.toUpperCase().replace('-', '');
  let h = 0;
  for (const ch of p) h = (h * 33 + ch.charCodeAt(0)) % 1_000_003;
  const expiry = new Date(now);
  expiry.setUTCMonth(expiry.getUTCMonth() + 1 + (h % 24));
  return {
    placa: `${p.slice(0, 3)}-${p.slice(3)}`,
    // One plate in ten has no current authorisation, so the flow's "not authorised" branch is reachable.
    habilitado: h % 10 !== 0,
    numeroTarjeta: `ATU-${String(h).padStart(7, '0')}`,
    modalidad: MODALIDADES[h % MODALIDADES.length]!,
    fechaVencimiento: expiry.toISOString().slice(0, 10),
  };
}
