/**
 * Customers and their credits in the database. A customer is stored the first time any
 * existing-customer product asks for them: a listed identity with its seeded credit, any
 * other valid DNI with the default one (SCENARIOS.md "Existing customers"), so what a
 * product reads later is what was stored, not recomputed. Enrolling is idempotent.
 */
import { recordOfferEvent, type Actor } from './audit.ts';
import type { Db } from '../../sandbox/types.ts';
import { sandboxProviders } from '../providers/sandbox-providers.ts';
import { CONVERSION_CREDIT, CUSTOMER_TERMS } from './products.ts';
import { accountOnFile, phoneOnFile, seedProfileOf, SEEDED_CUSTOMERS } from './seed.ts';
import type { CustomerCredit, Offer } from './credit-state.ts';

/** A customer as the products read them. */
export interface Customer {
  tipoDocumento: number;
  documento: string;
  nombres: string | null;
  apellidoPaterno: string | null;
  apellidoMaterno: string | null;
  /** The phone on file: signing codes go here. */
  telefono: string;
  email: string | null;
  banco: string | null;
  tipoCuenta: number | null;
  numeroCuenta: string | null;
  /** Active credits, oldest first. */
  credits: CustomerCredit[];
}

/** A fixed disbursement date for seeded credits: 14 monthly instalments before November 2026. */
const SEED_DISBURSED = '2025-09-15';

/**
 * Stores the customer of `documento` with their seeded credit unless already stored; a
 * person listed with no credit is not stored. Answers whether the customer exists. The phone
 * on file is `telefono` when given (the sandbox's unlisted customers keep the phone they first
 * applied with, so a tester receives their signing codes), else one derived from the DNI.
 */
export async function enrol(
  db: Db,
  tipoDocumento: number,
  documento: string,
  now: number,
  telefono?: string,
): Promise<boolean> {
  const profile = seedProfileOf(documento);
  if (!profile) return false;
  const record = await sandboxProviders.idRegistry.lookup(documento, now);
  const { rows } = await db.query<{ documento: string }>(
    `INSERT INTO customers (tipo_documento, documento, nombres, apellido_paterno, apellido_materno, telefono, email, banco, tipo_cuenta, numero_cuenta, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, $8, $9, $10) ON CONFLICT (tipo_documento, documento) DO NOTHING RETURNING documento`,
    [
      tipoDocumento,
      documento,
      record?.nombres ?? null,
      record?.apellidoPaterno ?? null,
      record?.apellidoMaterno ?? null,
      telefono ?? phoneOnFile(documento),
      profile.banco,
      profile.banco === null ? null : 1,
      profile.banco === null ? null : accountOnFile(documento),
      new Date(now),
    ],
  );
  // Only the call that stored the customer stores the credit, so two first calls at once keep one.
  if (rows.length > 0) {
    const c = profile.credit;
    await db.query(
      `INSERT INTO customer_credits (tipo_documento, documento, codigo_producto, monto, plazo, tea, cuotas_pagadas, dias_atraso, factor_recaudo, placa, desembolsado_en, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        tipoDocumento,
        documento,
        CONVERSION_CREDIT.codigoProducto,
        c.monto,
        c.plazo,
        CONVERSION_CREDIT.tea,
        c.cuotasPagadas,
        c.diasAtraso,
        c.factorRecaudo ?? CONVERSION_CREDIT.factorRecaudo,
        c.placa,
        SEED_DISBURSED,
        new Date(now),
      ],
    );
  }
  return true;
}

/** Stores every listed customer (the sandbox seed and reset). */
export async function seedCustomers(db: Db, now = Date.now()): Promise<void> {
  for (const documento of Object.keys(SEEDED_CUSTOMERS)) await enrol(db, 1, documento, now);
}

interface CustomerRow {
  tipo_documento: number;
  documento: string;
  nombres: string | null;
  apellido_paterno: string | null;
  apellido_materno: string | null;
  telefono: string;
  email: string | null;
  banco: string | null;
  tipo_cuenta: number | null;
  numero_cuenta: string | null;
}

interface CreditRow {
  id: string;
  codigo_producto: number;
  monto: string;
  plazo: number;
  tea: string;
  cuotas_pagadas: number;
  dias_atraso: number;
  factor_recaudo: string;
  placa: string | null;
  desembolsado_en: string | Date;
}

const creditOf = (r: CreditRow): CustomerCredit => ({
  id: Number(r.id),
  codigoProducto: r.codigo_producto,
  monto: Number(r.monto),
  plazo: r.plazo,
  tea: Number(r.tea),
  cuotasPagadas: r.cuotas_pagadas,
  diasAtraso: r.dias_atraso,
  factorRecaudo: Number(r.factor_recaudo),
  placa: r.placa,
  desembolsadoEn:
    r.desembolsado_en instanceof Date ? r.desembolsado_en.toISOString().slice(0, 10) : r.desembolsado_en,
});

/** The stored customer with their active credits, or `null`. */
export async function loadCustomer(
  db: Db,
  tipoDocumento: number,
  documento: string,
): Promise<Customer | null> {
  const { rows } = await db.query<CustomerRow>(
    'SELECT * FROM customers WHERE tipo_documento = $1 AND documento = $2',
    [tipoDocumento, documento],
  );
  const c = rows[0];
  if (!c) return null;
  const { rows: credits } = await db.query<CreditRow>(
    `SELECT * FROM customer_credits WHERE tipo_documento = $1 AND documento = $2 AND estado = 'activo' ORDER BY id`,
    [tipoDocumento, documento],
  );
  return {
    tipoDocumento: c.tipo_documento,
    documento: c.documento,
    nombres: c.nombres,
    apellidoPaterno: c.apellido_paterno,
    apellidoMaterno: c.apellido_materno,
    telefono: c.telefono,
    email: c.email,
    banco: c.banco,
    tipoCuenta: c.tipo_cuenta,
    numeroCuenta: c.numero_cuenta,
    credits: credits.map(creditOf),
  };
}

/** The customer of `documento`, stored on first sight (see {@link enrol}); `null` when they have no credit. */
export async function findCustomer(
  db: Db,
  tipoDocumento: number,
  documento: string,
  now: number,
  telefono?: string,
): Promise<Customer | null> {
  const stored = await loadCustomer(db, tipoDocumento, documento);
  if (stored) return stored;
  if (!(await enrol(db, tipoDocumento, documento, now, telefono))) return null;
  return loadCustomer(db, tipoDocumento, documento);
}

/** Records the offer an application was made (once: a second call for the same application keeps the first). */
export async function recordOffer(db: Db, prospectId: number, offer: Offer, now: number): Promise<void> {
  await db.query(
    `INSERT INTO customer_offers (prospect_id, credit_id, producto, saldo_cancelado, entidad_deuda, monto_deuda, monto_minimo, monto_maximo, cuota_maxima, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (prospect_id) DO NOTHING`,
    [
      prospectId,
      offer.creditId,
      offer.producto,
      offer.saldoCancelado,
      offer.deuda?.entidad ?? null,
      offer.deuda?.monto ?? null,
      offer.montoMinimo,
      offer.montoMaximo,
      offer.cuotaMaxima,
      new Date(now),
    ],
  );
}

/** The offer recorded for an application, or `null`. */
export async function offerOfApplication(db: Db, prospectId: number): Promise<Offer | null> {
  const { rows } = await db.query<{
    credit_id: string;
    producto: Offer['producto'];
    saldo_cancelado: string;
    entidad_deuda: string | null;
    monto_deuda: string | null;
    monto_minimo: string;
    monto_maximo: string;
    cuota_maxima: string;
  }>('SELECT * FROM customer_offers WHERE prospect_id = $1', [prospectId]);
  const r = rows[0];
  if (!r) return null;
  return {
    producto: r.producto,
    creditId: Number(r.credit_id),
    montoMinimo: Number(r.monto_minimo),
    montoMaximo: Number(r.monto_maximo),
    saldoCancelado: Number(r.saldo_cancelado),
    cuotaMaxima: Number(r.cuota_maxima),
    plazos: CUSTOMER_TERMS[r.producto].plazos,
    deuda: r.entidad_deuda !== null ? { entidad: r.entidad_deuda, monto: Number(r.monto_deuda) } : null,
  };
}

/**
 * Marks the credit a signed renewal or extra cash paid off as cancelled (idempotent: a
 * cancelled credit stays cancelled).
 */
export async function payOff(db: Db, creditId: number): Promise<void> {
  await db.query(`UPDATE customer_credits SET estado = 'cancelado' WHERE id = $1`, [creditId]);
}

/**
 * Stores the credit a signed application opened and, for a renewal or extra cash, cancels the
 * credit it paid off, in one transaction. Signing twice is refused before this runs (the
 * application is then signed), so each signature stores one credit.
 */
export async function recordSignedCredit(
  db: Db,
  application: { tipoDocumento: number; documento: string; placa: string | null; codigoProducto: number },
  offer: Offer,
  credit: { monto: number; plazo: number; tea: number; factorRecaudo: number },
  now: number,
  audit?: { prospectId: number; who: Actor },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (offer.saldoCancelado > 0) await payOff(tx, offer.creditId);
    const { rows } = await tx.query<{ id: string | number }>(
      `INSERT INTO customer_credits (tipo_documento, documento, codigo_producto, monto, plazo, tea, cuotas_pagadas, dias_atraso, factor_recaudo, placa, desembolsado_en, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 0, 0, $7, $8, $9, $10) RETURNING id`,
      [
        application.tipoDocumento,
        application.documento,
        application.codigoProducto,
        credit.monto,
        credit.plazo,
        credit.tea,
        credit.factorRecaudo,
        application.placa,
        new Date(now).toISOString().slice(0, 10),
        new Date(now),
      ],
    );
    if (audit)
      await recordOfferEvent(
        tx,
        audit.prospectId,
        audit.who,
        'credito',
        {
          abierto: { id: Number(rows[0]!.id), monto: credit.monto, plazo: credit.plazo },
          ...(offer.saldoCancelado > 0
            ? { cancelado: { id: offer.creditId, saldo: offer.saldoCancelado } }
            : {}),
        },
        now,
      );
  });
}
