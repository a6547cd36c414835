/**
 * The instant-credit family (credinstante, celulares): pre-evaluation and policy evaluation,
 * the quota simulator, identity questions, biometrics, the application's data and the
 * electronic signature, mapped to their endpoint ids. The sandbox helper
 * `GET /__sandbox/identity/{documento}` uses {@link identityAnswers}.
 */
import type { HandlerMap } from '../types.ts';
import { preEvaluate } from './lde/pre-evaluation.ts';
import { frAndTerms, getSimulator, quota, saveLoan } from './lde/simulator.ts';
import {
  answers,
  identityAnswers,
  questions,
  recordCheck,
  registerFace,
  validateFace,
} from './lde/identity.ts';
import {
  chooseOfferKong,
  chooseOfferV4,
  confirmDataKong,
  confirmDataV4,
  policies,
  observedSupport,
  policyDetail,
  questionInEvaluation,
  rejectLoan,
  requiredInfo,
  user,
} from './lde/application.ts';
import { sign } from './lde/signature.ts';

export { identityAnswers };

/** Handlers by endpoint id. */
export const handlers: HandlerMap = {
  'lde.preEvaluate': preEvaluate,
  'lde.rejectLoan': rejectLoan,
  'lde.update0': chooseOfferV4,
  'lde.update2': confirmDataV4,
  'lde.update3': sign,
  'lde.chooseOffer': chooseOfferKong,
  'lde.confirmData': confirmDataKong,
  'lde.user': user,
  'lde.questionInEvaluation': questionInEvaluation,
  'lde.policyDetail': policyDetail,
  'lde.policies': policies,
  'lde.observedSupport': observedSupport,
  'lde.requiredInfo': requiredInfo,
  'identity.questions': questions,
  'identity.answers': answers,
  'biometrics.recordCheck': recordCheck,
  'biometrics.validate': validateFace,
  'biometrics.register': registerFace,
  'simulator.quota': quota,
  'simulator.saveLoan': saveLoan,
  'simulator.get': getSimulator,
  'simulator.frAndTerms': frAndTerms,
};
