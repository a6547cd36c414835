import type { Rule } from '../types.ts';
import { rule as deadEnd } from './dead-end.ts';
import { rule as disallowedOperator } from './disallowed-operator.ts';
import { rule as duplicateRoute } from './duplicate-route.ts';
import { rule as duplicateStepNumber } from './duplicate-step-number.ts';
import { rule as engineCompile } from './engine-compile.ts';
import { rule as fragmentParameter } from './fragment-parameter.ts';
import { rule as impossibleCode } from './impossible-code.ts';
import { rule as incompleteStep } from './incomplete-step.ts';
import { rule as unreachableCode } from './unreachable-code.ts';
import { rule as missingFallback } from './missing-fallback.ts';
import { rule as missingMessage } from './missing-message.ts';
import { rule as routeCoverage } from './route-coverage.ts';
import { rule as schema } from './schema.ts';
import { rule as shadowedRule } from './shadowed-rule.ts';
import { rule as unhandledCode } from './unhandled-code.ts';
import { rule as unknownEndpoint } from './unknown-endpoint.ts';
import { rule as unknownForm } from './unknown-form.ts';
import { rule as unknownMessage } from './unknown-message.ts';
import { rule as unknownModal } from './unknown-modal.ts';
import { rule as unknownStep } from './unknown-step.ts';
import { rule as startFrom } from './start-from.ts';
import { rule as unknownVar } from './unknown-var.ts';
import { rule as unknownView } from './unknown-view.ts';
import { rule as unreachableStep } from './unreachable-step.ts';
import { rule as duplicateKey } from './duplicate-key.ts';
import { rule as formField } from './form-field.ts';
import { rule as formSchema } from './form-schema.ts';
import { rule as fragmentDefault } from './fragment-default.ts';
import { rule as jsonSyntax } from './json-syntax.ts';
import { rule as neverTrueCode } from './never-true-code.ts';
import { rule as phaseDurations } from './phase-durations.ts';
import { rule as progressRange } from './progress-range.ts';
import { rule as revisitStep } from './revisit-step.ts';
import { rule as viewProps } from './view-props.ts';
import { rule as textPlaceholder } from './text-placeholder.ts';
import { rule as unknownInclude } from './unknown-include.ts';
import { rule as unknownPropText } from './unknown-prop-text.ts';
import { rule as unknownRoute } from './unknown-route.ts';
import { rule as unknownTrigger } from './unknown-trigger.ts';
import { rule as unusedContext } from './unused-context.ts';
import { rule as unusedModal } from './unused-modal.ts';

/** Every rule of the flow linter, in the order they run. */
export const RULES: readonly Rule[] = [
  schema,
  incompleteStep,
  unknownStep,
  startFrom,
  unknownModal,
  unknownView,
  unknownForm,
  unknownEndpoint,
  unknownMessage,
  missingMessage,
  unreachableStep,
  deadEnd,
  missingFallback,
  unhandledCode,
  impossibleCode,
  unreachableCode,
  shadowedRule,
  disallowedOperator,
  unknownVar,
  duplicateRoute,
  duplicateStepNumber,
  fragmentParameter,
  routeCoverage,
  engineCompile,
  jsonSyntax,
  duplicateKey,
  formSchema,
  formField,
  unknownInclude,
  unknownRoute,
  unknownTrigger,
  unknownPropText,
  textPlaceholder,
  unusedContext,
  unusedModal,
  fragmentDefault,
  phaseDurations,
  progressRange,
  revisitStep,
  neverTrueCode,
  viewProps,
];
