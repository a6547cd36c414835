/**
 * Every sandbox handler by endpoint id: the promoter session handlers and one map per
 * family. A family module may also export `seed(db)` (rows to restore on a sandbox reset);
 * the instant-credit module may export `identityAnswers(documento, svc)` for the sandbox
 * helper that reveals the right answers to a person's security questions.
 */
import type { Db, HandlerMap, Services } from '../types.ts';
import { sessionHandlers } from './session.ts';
import * as lde from './lde.ts';
import * as contracts from './contracts.ts';
import * as catalogs from './catalogs.ts';
import * as moto from './moto.ts';
import * as consumo from './consumo.ts';
import * as taxi from './taxi.ts';
import * as conversion from './conversion.ts';
import * as customers from './customers.ts';
import { withMotoSignature } from './moto-signature.ts';
import { withConsumoDeclaration } from './consumo-declaration.ts';

/** What a family module may export besides its handlers. */
interface FamilyModule {
  handlers: HandlerMap;
  seed?: (db: Db) => Promise<void>;
}

const families: readonly FamilyModule[] = [
  lde,
  contracts,
  catalogs,
  moto,
  consumo,
  taxi,
  conversion,
  customers,
];

/** Handlers by endpoint id. */
export const handlers: HandlerMap = {
  ...sessionHandlers,
  ...lde.handlers,
  ...contracts.handlers,
  ...catalogs.handlers,
  ...moto.handlers,
  ...consumo.handlers,
  ...taxi.handlers,
  ...conversion.handlers,
  ...customers.handlers,
};
// The identity, contract and signature calls are shared upstream: motorcycle applications reach them too.
Object.assign(handlers, withMotoSignature(handlers));
// The consumer's income declaration (steps 8, 9) signs with the shared token calls.
Object.assign(handlers, withConsumoDeclaration(handlers));
// The conversion campaign's contract generation serves conversion applications too.
Object.assign(handlers, conversion.withConversionContracts(handlers));

/** Seed functions of the families that have one, in a fixed order. */
export const familySeeds: readonly ((db: Db) => Promise<void>)[] = families.flatMap((f) =>
  f.seed ? [f.seed] : [],
);

/** The sandbox's "right answers" for a person's security questions, when the instant-credit part offers it. */
export const identityAnswers: ((documento: string, svc: Services) => Promise<unknown>) | undefined = (
  lde as { identityAnswers?: (documento: string, svc: Services) => Promise<unknown> }
).identityAnswers;
