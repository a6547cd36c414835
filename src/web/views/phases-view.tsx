/**
 * The `phases` step view: the policy evaluation's four phases. Each of the first phases
 * lasts `step.props.durations[i]` milliseconds (per product: Credinstante 2000, 1000, 3000…);
 * the last phase has no end of its own and stays until the engine moves on (socket answer,
 * timeout). The current phase is announced in a polite live region. Drawn without antd (its
 * icons as inline SVG): the evaluation screen loads neither antd nor its theme.
 */
import { useEffect, useState } from 'react';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { SvgIcon } from './svg-icon.tsx';
import type { ViewProps } from './view-types.ts';
import { holderFirstName } from './first-word.ts';
import { StepTitle } from './step-title.tsx';

export const PHASE_KEYS = [
  'phases.cargandoDatos',
  'phases.verificando',
  'phases.validando',
  'phases.evaluando',
] as const;

/** Other flows use one second for each of the first three phases (spec 000 §2). */
const DEFAULT_DURATIONS = [1000, 1000, 1000] as const;

function durationsOf(raw: unknown): readonly number[] {
  if (!Array.isArray(raw)) return DEFAULT_DURATIONS;
  return raw.map((v) => (typeof v === 'number' && v >= 0 ? v : 1000));
}

export default function PhasesView({ step, state, t }: ViewProps) {
  const rawDurations = step.props?.durations;
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const last = PHASE_KEYS.length - 1;
    if (index >= last) return undefined;
    const ms = durationsOf(rawDurations)[index];
    if (ms === undefined) return undefined;
    const id = setTimeout(() => setIndex((i) => Math.min(i + 1, last)), ms);
    return () => clearTimeout(id);
  }, [index, rawDurations]);

  const name = holderFirstName(state.context);
  const current = PHASE_KEYS[index]!;
  return (
    <section className="step-view step-phases">
      <StepTitle step={step} t={t} />
      {name ? <p className="step-greeting">{t('view.phases.greeting', { nombre: name })}</p> : null}
      <ol className="phases-list">
        {PHASE_KEYS.map((key, i) => (
          <li
            key={key}
            aria-current={i === index ? 'step' : undefined}
            className={i < index ? 'phase-done' : i === index ? 'phase-current' : 'phase-pending'}
          >
            {i < index ? (
              <SvgIcon icon={CheckCircleFilled} />
            ) : i === index ? (
              <SvgIcon icon={LoadingOutlined} className="phase-spin" />
            ) : (
              <span aria-hidden="true" className="phase-dot" />
            )}{' '}
            {t(key)}
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className="phases-status">
        {t(current)}
      </p>
      <p className="phases-wait">{t('view.phases.wait')}</p>
    </section>
  );
}
