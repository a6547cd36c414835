/**
 * The sandbox scenario table (SCENARIOS.md, `src/server/sandbox/scenarios.ts`) against the
 * endpoint registry: every code a scenario forces must be one the registry says the call can
 * answer, or the flow linter would let a flow ignore an answer the sandbox really gives.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointId } from '../../src/engine/endpoints.ts';
import { SCENARIOS, type ScenarioSectionId } from '../../src/server/sandbox/scenarios.ts';

/** Which calls answer each scenario step (the socket result of the policy evaluation is no call). */
const CALLS: Partial<Record<ScenarioSectionId, Record<string, readonly EndpointId[]>>> = {
  instant: {
    preEvaluation: ['lde.preEvaluate'],
    phoneCode: ['tokens.send'],
    quotaSimulator: ['simulator.get', 'simulator.saveLoan'],
    identityQuestions: ['identity.answers'],
    biometricRecordCheck: ['biometrics.recordCheck'],
    biometricValidation: ['biometrics.validate'],
    biometricCall: ['biometrics.recordCheck', 'biometrics.validate', 'biometrics.register'],
    bankDetails: ['credit.updateBankDetails'],
    contractDocuments: ['contracts.sendToken'],
    contractsPrepared: ['contracts.generate'],
    electronicSignature: ['lde.update3'],
    accountChangeCode: ['credit.accountChangeCode'],
    accountChangeBank: ['credit.updateBankDetails'],
    accountChangeLink: ['jwt.validate'],
  },
  vehicle: {
    preEvaluation: [
      'moto.preEvaluate',
      'moto.hondaPreEvaluate',
      'consumo.preEvaluate',
      'consumo.preEvaluateQuoter',
      'seminuevo.preEvaluate',
    ],
    policyEvaluation: ['moto.lookupProspect'],
    personalData: [
      'moto.registerAdditional',
      'consumo.registerAdditional',
      'seminuevo.registerAdditional',
      'taxi.registerAdditional',
      'taxi.registerAdditionalMototaxi',
    ],
    simulation: ['moto.registerSimulation', 'consumo.registerSimulation', 'seminuevo.registerSimulation'],
    simulationQuote: ['consumo.simulate'],
    savedSimulation: ['consumo.preEvaluate', 'seminuevo.preEvaluate'],
    documentUpload: ['moto.attachFile'],
    documents: ['moto.attachFile'],
    semiNewPlate: ['seminuevo.preEvaluate'],
    guarantorRequired: ['moto.lookupProspect'],
    guarantor: ['consumo.registerGuarantor'],
    incomeDeclaration: ['tokens.send'],
    contractsPrepared: ['contracts.generate'],
    signedElsewhere: ['lde.update3'],
  },
  taxiSteps: {
    serverStep: ['taxi.step0', 'taxi.step1', 'taxi.step2', 'taxi.step3'],
    scoreQuota: ['taxi.scoreQuota'],
    bureau: ['taxi.scoreAdmission'],
    taxiDocuments: ['taxi.step3'],
    scoreSimulator: ['taxi.scoreSimulator'],
  },
  // The pre-evaluation answers its code in codRes; the status is read back by the resume lookup.
  conversion: {
    preEvaluation: ['conversion.preEvaluate'],
    status: ['conversion.status'],
    offerRequest: ['conversion.requestOffer'],
    offers: ['conversion.offers'],
    confirmOffer: ['conversion.confirmOffer'],
    confirmData: ['conversion.confirmData'],
    contracts: ['contracts.createV9'],
    resumeLink: ['jwt.validate'],
  },
  otherProducts: { preEvaluation: ['lde.retanqueoOffer', 'lde.faeOffer', 'lde.sellMoreSimulation'] },
};

describe('scenario codes and the endpoint registry', () => {
  for (const section of SCENARIOS.sections) {
    const calls = CALLS[section.id];
    if (!calls) continue;
    it(`lists every code the "${section.id}" scenarios force`, () => {
      const missing: string[] = [];
      for (const row of section.rows) {
        const ids = calls[row.step];
        if (!ids || row.code === null) continue;
        // Vehicle calls carry their outcome in the prospect state, which the row gives in `extra` when it differs from `code`.
        const state = row.extra?.estadoProspecto;
        const forced = section.id === 'vehicle' && typeof state === 'number' ? state : row.code;
        const code = String(forced);
        for (const id of ids) {
          const codes: readonly string[] = ENDPOINTS[id].codes;
          if (!codes.includes(code)) missing.push(`${row.documento} ${row.step}: ${id} lacks "${code}"`);
        }
      }
      expect(missing).toEqual([]);
    });
  }

  it('knows the call behind every scenario step it checks', () => {
    for (const section of SCENARIOS.sections) {
      const calls = CALLS[section.id];
      if (!calls) continue;
      const unknown = section.rows
        .map((r) => r.step)
        .filter((step) => !(step in calls) && !(section.id === 'instant' && step === 'policyEvaluation'));
      expect(unknown, section.id).toEqual([]);
    }
  });
});
