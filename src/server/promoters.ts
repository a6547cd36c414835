/**
 * Promoter accounts: the seeded staff of partner entities (SCENARIOS.md, "Promoters"), their
 * password check and the channel and products their entity code gives them (spec 000 §3,
 * "Promoter session"). The client sends MD5(password) by contract; MD5 is no protection, so
 * that value is treated as the password and stored with scrypt. Each seeded entity also has
 * one procurador (attorney-in-fact, known by user name), named by its promoter's `usuProcurador`.
 */
import {
  createHash,
  randomBytes,
  scrypt as scryptCb,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import type { Db } from './sandbox/types.ts';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const COST = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** A seeded promoter account, as SCENARIOS.md lists it. */
export interface PromoterSeed {
  usuario: string;
  password: string;
  codigoEntidad: number;
  codigoUsuario: string;
  nombreUsuario: string;
  nombreUsuarioPersona: string;
  /** User name of the promoter's procurador (one of {@link SEEDED_PROCURADORES}, same entity). */
  usuProcurador: string;
}

/** A procurador of a partner entity, found by user name (spec 000 §6). */
export interface ProcuradorSeed {
  nombreUsuario: string;
  codigoEntidad: number;
  codigoUsuario: string;
  nombreUsuarioPersona: string;
}

/** One procurador per entity of the seeded promoters. */
export const SEEDED_PROCURADORES: readonly ProcuradorSeed[] = [
  {
    nombreUsuario: 'vsalazar',
    codigoEntidad: 1,
    codigoUsuario: 'PRC0001',
    nombreUsuarioPersona: 'Víctor Salazar Núñez',
  },
  {
    nombreUsuario: 'mtorres',
    codigoEntidad: 2001,
    codigoUsuario: 'PRC2001',
    nombreUsuarioPersona: 'Milagros Torres Vega',
  },
  {
    nombreUsuario: 'rpacheco',
    codigoEntidad: 3020,
    codigoUsuario: 'PRC3020',
    nombreUsuarioPersona: 'Raúl Pacheco Lima',
  },
  {
    nombreUsuario: 'scardenas',
    codigoEntidad: 3021,
    codigoUsuario: 'PRC3021',
    nombreUsuarioPersona: 'Sofía Cárdenas Ruiz',
  },
  {
    nombreUsuario: 'eyupanqui',
    codigoEntidad: 1008,
    codigoUsuario: 'PRC1008',
    nombreUsuarioPersona: 'Ernesto Yupanqui Soto',
  },
];

export const SEEDED_PROMOTERS: readonly PromoterSeed[] = [
  {
    usuario: 'promotor',
    password: 'Promotor2026',
    codigoEntidad: 1,
    codigoUsuario: 'PRM0001',
    nombreUsuario: 'promotor',
    nombreUsuarioPersona: 'Rosa Quispe Mamani',
    usuProcurador: 'vsalazar',
  },
  {
    usuario: 'aliado',
    password: 'Aliado2026',
    codigoEntidad: 2001,
    codigoUsuario: 'ALI0001',
    nombreUsuario: 'aliado',
    nombreUsuarioPersona: 'Jorge Huamán Torres',
    usuProcurador: 'mtorres',
  },
  {
    usuario: 'externo',
    password: 'Externo2026',
    codigoEntidad: 3020,
    codigoUsuario: 'EXT0001',
    nombreUsuario: 'externo',
    nombreUsuarioPersona: 'Lucía Flores Rojas',
    usuProcurador: 'rpacheco',
  },
  {
    usuario: 'interno',
    password: 'Interno2026',
    codigoEntidad: 3021,
    codigoUsuario: 'INT0001',
    nombreUsuario: 'interno',
    nombreUsuarioPersona: 'Carlos Mendoza Ríos',
    usuProcurador: 'scardenas',
  },
  {
    usuario: 'taxista',
    password: 'Taxista2026',
    codigoEntidad: 1008,
    codigoUsuario: 'TAX0001',
    nombreUsuario: 'taxista',
    nombreUsuarioPersona: 'Ana Vargas Chávez',
    usuProcurador: 'eyupanqui',
  },
];

// The channel and products of an entity are shared with the browser's promoter store.
export { channelFor, productsFor } from '../engine/promoter-entitlements.ts';

/** MD5 hex of a password, as the login page sends it. */
export function md5Hex(password: string): string {
  return createHash('md5').update(password, 'utf8').digest('hex');
}

/** scrypt hash of the client's MD5, self-describing: `scrypt$N$r$p$salt$key`. */
export async function hashPassword(passwordMd5: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(passwordMd5.toLowerCase(), salt, 32, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Checks the client's MD5 against a stored hash in constant time. */
export async function verifyPassword(passwordMd5: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64');
  const got = await scrypt(passwordMd5.toLowerCase(), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: COST.maxmem,
  });
  return timingSafeEqual(got, expected);
}

let dummyHash: Promise<string> | null = null;
/** A hash to check unknown users against, so a wrong user costs as much time as a wrong password. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(md5Hex(randomBytes(12).toString('hex')));
  return dummyHash;
}

// Hashing is deliberately slow: compute the seed hashes once per process, not at every reset.
let seedHashes: Promise<string[]> | null = null;

/** Writes the seeded promoter accounts and their procuradores (after a reset or on an empty database). */
export async function seedPromoters(db: Db): Promise<void> {
  seedHashes ??= Promise.all(SEEDED_PROMOTERS.map((p) => hashPassword(md5Hex(p.password))));
  const hashes = await seedHashes;
  for (const r of SEEDED_PROCURADORES) {
    await db.query(
      `INSERT INTO procuradores (nombre_usuario, codigo_entidad, codigo_usuario, nombre_usuario_persona)
       VALUES ($1, $2, $3, $4) ON CONFLICT (nombre_usuario) DO NOTHING`,
      [r.nombreUsuario, r.codigoEntidad, r.codigoUsuario, r.nombreUsuarioPersona],
    );
  }
  for (const [i, p] of SEEDED_PROMOTERS.entries()) {
    // A database seeded before procuradores existed gets them without losing its accounts.
    await db.query(
      `INSERT INTO promoters (usuario, password_hash, codigo_entidad, codigo_usuario, nombre_usuario, nombre_usuario_persona, usu_procurador)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (usuario) DO UPDATE SET usu_procurador = coalesce(promoters.usu_procurador, EXCLUDED.usu_procurador)`,
      [
        p.usuario,
        hashes[i],
        p.codigoEntidad,
        p.codigoUsuario,
        p.nombreUsuario,
        p.nombreUsuarioPersona,
        p.usuProcurador,
      ],
    );
  }
}
