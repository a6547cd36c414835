/**
 * The `offers` step view: the offers the service made (`state.context.ofertas`, else
 * `step.props.ofertas`), one card each with amount (and the product's name, `titulo`, when the
 * service gives one), term, instalment and rate; choosing one
 * submits `{ oferta, indiceOferta }` with the chosen offer as the service sent it.
 */
import { useState } from 'react';
import '../forms/light-form.css';
import { EmptyNote } from './light-controls.tsx';
import type { ViewProps } from './view-types.ts';
import { holderFirstName } from './first-word.ts';
import { StepAwaiting } from './step-awaiting.tsx';
import { StepTitle } from './step-title.tsx';
import { asRecord, listFrom, percent, rateFraction, soles } from './step-props.ts';

function numberAt(item: Record<string, unknown>, keys: readonly string[]): number | undefined {
  for (const k of keys) {
    const v = item[k];
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n === 'number' && Number.isFinite(n)) return n;
  }
  return undefined;
}

/** The figures of an offer under the names the services use. */
export function offerFigures(offer: Record<string, unknown>) {
  return {
    amount: numberAt(offer, [
      'importeFinanciar',
      'importe',
      'monto',
      'montoOferta',
      'importeMaximoFinanciar',
    ]),
    months: numberAt(offer, ['cuotas', 'plazo', 'numeroCuotas', 'plazoMaximo']),
    instalment: numberAt(offer, ['importeCuotas', 'cuota', 'importeCuota', 'montoCuota']),
    rate: numberAt(offer, ['tasa', 'tea', 'tasaEfectivaAnual']),
  };
}

export default function OffersView({ flow, step, stepId, state, send, busy, t }: ViewProps) {
  const offers = listFrom(state.context, step.props, 'ofertas').map(asRecord);
  const kept = state.forms[stepId]?.indiceOferta;
  const [picked, setChosen] = useState<number | null>(typeof kept === 'number' ? kept : null);
  // A single offer is chosen for the applicant, also when the offers come after the first
  // render (the screen is shown while they are asked for).
  const chosen = picked !== null && picked < offers.length ? picked : offers.length === 1 ? 0 : null;
  const name = holderFirstName(state.context);
  // As the documents and questions steps: the title stays, and 'Cargando…' while the offers
  // are asked for (not "no offer" before the answer came).
  if (offers.length === 0)
    return (
      <StepAwaiting
        step={step}
        state={state}
        t={t}
        className="step-offers"
        none={<EmptyNote>{t('view.offers.none')}</EmptyNote>}
      />
    );
  return (
    <section className="step-view step-offers lf-vars" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      {name ? <p className="step-greeting">{t('view.offers.greeting', { nombre: name })}</p> : null}
      <div className="offers-list" role="radiogroup" aria-label={t('view.offers.choose')}>
        {offers.map((offer, i) => {
          const f = offerFigures(offer);
          return (
            <div key={i} className={chosen === i ? 'offer-card offer-chosen' : 'offer-card'}>
              <label className="lf-choice">
                <input
                  type="radio"
                  name={`${stepId}-oferta`}
                  value={i}
                  checked={chosen === i}
                  onChange={() => {
                    setChosen(i);
                    send({ type: 'change', data: { indiceOferta: i } });
                  }}
                />
                <span>
                  <strong>
                    {f.amount !== undefined ? soles(f.amount) : t('view.offers.offer', { n: i + 1 })}
                  </strong>
                  {typeof offer.titulo === 'string' ? (
                    <span className="offer-title"> · {offer.titulo}</span>
                  ) : null}
                </span>
              </label>
              <dl className="offer-figures">
                {f.months !== undefined ? (
                  <>
                    <dt>{t('view.letter.term')}</dt>
                    <dd>{t('view.simulator.months', { n: f.months })}</dd>
                  </>
                ) : null}
                {f.instalment !== undefined ? (
                  <>
                    <dt>{t('view.letter.instalment')}</dt>
                    <dd>{soles(f.instalment)}</dd>
                  </>
                ) : null}
                {f.rate !== undefined ? (
                  <>
                    <dt>{t('view.simulator.tea')}</dt>
                    <dd>{percent(rateFraction(f.rate))}</dd>
                  </>
                ) : null}
              </dl>
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className="lf-submit"
        disabled={busy || chosen === null}
        onClick={() => {
          if (chosen === null) return;
          send({ type: 'submit', data: { oferta: offers[chosen], indiceOferta: chosen } });
        }}
      >
        {t('view.offers.submit')}
      </button>
    </section>
  );
}
