/**
 * The `simulator` step view: amount (slider and number input) and term (select) to the
 * monthly instalment, with TEA, TCEA and the payment schedule, computed in the browser
 * with the same credit math the service and the contract documents use.
 *
 * Settings, each read from the context first (what the service answered) then from
 * `step.props`: `tasa`/`tea` (TEA, a fraction; a value above 3 is read as a percentage),
 * `montoMinimo` and `importeMaximoFinanciar`/`mafmax` (the amount range), `plazos` (terms in months, a list or a
 * comma-separated string), `desgravamenMonthly` (fraction of the balance), `rateCapTea`
 * (the legal cap). `step.props.amount` = `{ min, max, step, default }`. With the context's
 * `factorRecaudo` (a fraction, from `simulador/fr-and-terms`) the collection factor is shown
 * as a percentage of each GNV fill.
 * Submits `{ importeFinanciar, cuotas, importeCuotas, tasa }`. When the step can take the
 * `rechazar` action (`step.props.rejectAction`, or a `rechazar` call), a "No me interesa"
 * link raises it.
 *
 * Drawn without antd: the amount is a number field over a range slider, the term the phone's
 * own list (`<select>`), the schedule a `<details>`. The step loads neither antd nor its
 * theme, so the simulator is drawn (ahead, and when its step comes) in a few milliseconds.
 */
import { useId, useState } from 'react';
import '../forms/light-form.css';
import { money2, simulate, type Simulation } from '../../engine/credit-math.ts';
import type { ViewProps } from './view-types.ts';
import { RejectReasonDialog } from './reject-reason-dialog.tsx';
import { StepTitle } from './step-title.tsx';
import { asRecord, numeric, percent, rateFraction, SOL_SIGN, soles } from './step-props.ts';

function first(sources: Record<string, unknown>[], keys: readonly string[]): unknown {
  for (const s of sources)
    for (const k of keys) if (s[k] !== undefined && s[k] !== null && s[k] !== '') return s[k];
  return undefined;
}

function termsOf(raw: unknown): number[] {
  const list = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : [];
  const terms = list.map(numeric).filter((n): n is number => n !== undefined && Number.isInteger(n) && n > 0);
  return terms.length > 0 ? [...new Set(terms)].sort((a, b) => a - b) : [12];
}

/** The schedule of `input`, or why there is none (a rate over the legal cap). */
function simulation(input: Parameters<typeof simulate>[0]): { sim: Simulation } | { error: string } {
  try {
    return { sim: simulate(input) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** The payment schedule: one row per instalment. */
function ScheduleTable({ schedule, t }: { schedule: Simulation['schedule']; t: ViewProps['t'] }) {
  return (
    <table className="schedule-table">
      <thead>
        <tr>
          <th scope="col">{t('view.simulator.col.n')}</th>
          <th scope="col">{t('view.simulator.col.principal')}</th>
          <th scope="col">{t('view.simulator.col.interest')}</th>
          <th scope="col">{t('view.simulator.col.insurance')}</th>
          <th scope="col">{t('view.simulator.col.instalment')}</th>
          <th scope="col">{t('view.simulator.col.balance')}</th>
        </tr>
      </thead>
      <tbody>
        {schedule.map((r) => (
          <tr key={r.period}>
            <td>{r.period}</td>
            <td>{soles(money2(r.principal))}</td>
            <td>{soles(money2(r.interest))}</td>
            <td>{soles(money2(r.desgravamen))}</td>
            <td>{soles(money2(r.instalment))}</td>
            <td>{soles(money2(r.balance))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The amount as typed: while the field has the focus it shows what the applicant types ("5",
 * "50", "500"…, each already simulated within the offer's range); on leaving it, the amount
 * simulated.
 */
function AmountInput({
  id,
  amount,
  min,
  max,
  step,
  disabled,
  onAmount,
}: {
  id: string;
  amount: number;
  min: number;
  max: number;
  step: number;
  disabled: boolean;
  onAmount: (amount: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="simulator-amount">
      <span className="simulator-amount__prefix" aria-hidden="true">
        {SOL_SIGN}
      </span>
      <input
        id={id}
        className="lf-input"
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={draft ?? String(amount)}
        disabled={disabled}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          const n = Number(text);
          if (text.trim() !== '' && Number.isFinite(n)) onAmount(n);
        }}
        onBlur={() => setDraft(null)}
      />
    </div>
  );
}

export default function SimulatorView({ flow, step, stepId, state, send, busy, t }: ViewProps) {
  const id = useId();
  const sources = [state.context, step.props ?? {}];
  const amountProps = asRecord(step.props?.amount);
  const min =
    numeric(first(sources, ['montoMinimo', 'importeMinimoFinanciar'])) ?? numeric(amountProps.min) ?? 300;
  const max =
    numeric(first(sources, ['importeMaximoFinanciar', 'mafmax'])) ?? numeric(amountProps.max) ?? 10_000;
  const stepSize = numeric(amountProps.step) ?? 100;
  const terms = termsOf(first(sources, ['plazos', 'plazo', 'terms']));
  // The offer's rate: a product whose screen is shown while its lookup answers has none until
  // then, and figures worked out at 0 % would be an offer the service never made.
  const rawRate = numeric(first(sources, ['tasa', 'tea']));
  const pending = rawRate === undefined;
  const tea = rateFraction(rawRate ?? 0);
  const desgravamen = numeric(first(sources, ['desgravamenMonthly'])) ?? 0;
  const cap = numeric(first(sources, ['rateCapTea']));
  // Consumer credit conditions carry the applicant's current and new annual rates (pr_teaact, pr_teanue).
  const teaActual = numeric(state.context.pr_teaact);
  const teaNueva = numeric(state.context.pr_teanue);
  // A product collected at the pump shows its collection factor: the service's fraction × 100.
  const fr = numeric(state.context.factorRecaudo);

  const kept = state.forms[stepId] ?? {};
  // What the applicant (or the step's prefill) chose; until then the offer's own defaults,
  // read on every render: the offer (range and terms) may reach the context after the first
  // render, as when the screen is shown while its lookup answers, and the defaults must be
  // the offer's (its maximum, its longest term), not the placeholders shown before it came.
  const [chosenAmount, setAmount] = useState<number | undefined>(
    () => numeric(kept.importeFinanciar) ?? numeric(amountProps.default),
  );
  const [chosenMonths, setMonths] = useState<number | undefined>(() => numeric(kept.cuotas));
  // What is shown and sent always fits the offer.
  const amount = Math.min(max, Math.max(min, chosenAmount ?? max));
  const months = chosenMonths !== undefined && terms.includes(chosenMonths) ? chosenMonths : terms.at(-1)!;
  const [asking, setAsking] = useState(false);
  // The schedule's rows are drawn only while it is open: dozens of amounts on every change.
  const [scheduleOpen, setScheduleOpen] = useState(false);

  // Worked out on every render: a schedule of a few dozen rows takes well under a millisecond.
  const result = pending
    ? null
    : simulation({
        amount,
        tea,
        months,
        desgravamenMonthly: desgravamen,
        rateCapTea: cap ?? Number.POSITIVE_INFINITY,
      });

  function change(nextAmount: number, nextMonths: number) {
    const clamped = Math.min(max, Math.max(min, nextAmount));
    setAmount(clamped);
    setMonths(nextMonths);
    send({ type: 'change', data: { importeFinanciar: clamped, cuotas: nextMonths } });
  }

  const sim = result && 'sim' in result ? result.sim : null;
  const rejectAction =
    typeof step.props?.rejectAction === 'string'
      ? step.props.rejectAction
      : step.calls?.rechazar
        ? 'rechazar'
        : undefined;
  return (
    <section className="step-view step-simulator lf-vars" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      <div className="view-field">
        <label htmlFor={`${id}-amount`}>{t('view.simulator.amount')}</label>
        <AmountInput
          id={`${id}-amount`}
          amount={amount}
          min={min}
          max={max}
          step={stepSize}
          disabled={busy}
          onAmount={(v) => change(v, months)}
        />
        <input
          type="range"
          className="simulator-slider"
          min={min}
          max={max}
          step={stepSize}
          value={amount}
          disabled={busy}
          aria-label={t('view.simulator.amountSlider')}
          aria-valuetext={soles(amount)}
          onChange={(e) => change(Number(e.target.value), months)}
        />
        <p className="simulator-range">{t('view.simulator.range', { min: soles(min), max: soles(max) })}</p>
      </div>
      <div className="view-field">
        <label htmlFor={`${id}-term`}>{t('view.simulator.term')}</label>
        <select
          id={`${id}-term`}
          className="lf-input lf-select"
          value={months}
          disabled={busy}
          onChange={(e) => change(amount, Number(e.target.value))}
        >
          {terms.map((n) => (
            <option key={n} value={n}>
              {t('view.simulator.months', { n })}
            </option>
          ))}
        </select>
      </div>
      {sim ? (
        <div className="simulator-result" aria-live="polite">
          <p className="simulator-instalment">
            {t('view.simulator.instalment')}{' '}
            <strong data-testid="instalment">{soles(money2(sim.instalment))}</strong>
          </p>
          <p>
            {t('view.simulator.tea')}: {percent(tea)} · {t('view.simulator.tcea')}: {percent(sim.tcea)}
          </p>
          {fr !== undefined ? (
            <p className="simulator-fr">{t('view.simulator.factorRecaudo', { fr: percent(fr) })}</p>
          ) : null}
          {teaActual !== undefined && teaNueva !== undefined ? (
            <p className="simulator-rates">
              {t('view.simulator.teaActual')}: {percent(rateFraction(teaActual))} ·{' '}
              {t('view.simulator.teaNueva')}: {percent(rateFraction(teaNueva))}
            </p>
          ) : null}
          <details
            className="simulator-schedule"
            open={scheduleOpen}
            onToggle={(e) => setScheduleOpen(e.currentTarget.open)}
          >
            <summary>{t('view.simulator.schedule')}</summary>
            {scheduleOpen ? <ScheduleTable schedule={sim.schedule} t={t} /> : null}
          </details>
        </div>
      ) : pending ? (
        <p className="simulator-pending" role="status">
          {t('view.simulator.pending')}
        </p>
      ) : (
        <p className="simulator-unavailable" role="alert">
          {t('view.simulator.unavailable')}
        </p>
      )}
      <button
        type="button"
        className="lf-submit"
        disabled={busy || !sim}
        onClick={() =>
          sim &&
          send({
            type: 'submit',
            data: {
              importeFinanciar: amount,
              cuotas: months,
              importeCuotas: money2(sim.instalment),
              tasa: rawRate,
            },
          })
        }
      >
        {t('view.simulator.submit')}
      </button>
      {rejectAction ? (
        <>
          <button type="button" className="simulator-reject" disabled={busy} onClick={() => setAsking(true)}>
            {t('view.simulator.reject')}
          </button>
          {asking ? (
            <RejectReasonDialog
              busy={busy}
              theme={flow.theme}
              t={t}
              onCancel={() => setAsking(false)}
              onSend={(reason) => {
                setAsking(false);
                send({
                  type: 'action',
                  name: rejectAction,
                  data: { importeFinanciar: amount, cuotas: months, ...reason },
                });
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
