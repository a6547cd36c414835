/**
 * The `letter` step view: the approval or pre-approval letter. Links the PDF whose URL the
 * flow assigned into the context (under the key `step.props.urlFrom` names, else `urlCarta`,
 * then `cartaAprobacion`), summarises the credit (amount, term, instalment, rate) and continues
 * with a submit. `step.props.message` may name the i18n key of the text above the summary,
 * interpolated with the context (e.g. the file number `{codigoExpediente}`).
 * The same screen shows other documents than a letter (the taxi's SOAT policy):
 * `urlFrom` names the context key holding the link, `linkLabelKey` the i18n key of the link text, and `summary: false` leaves out the credit summary.
 * `documents` lists further downloads (`{ from, label }`, shown when the context holds the
 * link), and `button` names the next action (default "Continuar").
 */
import '../forms/light-form.css';
import type { ViewProps } from './view-types.ts';
import { CreditSummary } from './credit-summary.tsx';
import { DocumentLinks, linkOf, listedDocuments } from './document-links.tsx';
import { holderFirstName } from './first-word.ts';
import { StepTitle } from './step-title.tsx';
import { stringProp } from './step-props.ts';

/** The letter (or the `urlFrom` document), from the first context key that holds a link. */
function firstDocument(step: ViewProps['step'], ctx: Record<string, unknown>): string | undefined {
  const urlFrom = stringProp(step.props, 'urlFrom');
  return [urlFrom, 'urlCarta', 'cartaAprobacion'].map((k) => (k ? linkOf(ctx[k]) : undefined)).find(Boolean);
}

export default function LetterView({ flow, step, state, send, busy, t }: ViewProps) {
  const ctx = state.context;
  const first = firstDocument(step, ctx);
  const name = holderFirstName(ctx);
  return (
    <section className="step-view step-letter lf-vars" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      {name ? <p className="step-greeting">{t('view.greeting', { nombre: name })}</p> : null}
      <p>{t(stringProp(step.props, 'message') ?? 'view.letter.message', ctx)}</p>
      {step.props?.summary === false ? null : <CreditSummary context={ctx} t={t} />}
      {first ? (
        <DocumentLinks
          documents={[
            { url: first, label: stringProp(step.props, 'linkLabelKey') ?? 'view.letter.open' },
            ...listedDocuments(step.props?.documents, ctx),
          ]}
          t={t}
        />
      ) : (
        <p className="letter-pending">{t('view.letter.pending')}</p>
      )}
      <button
        type="button"
        className="lf-submit"
        disabled={busy}
        onClick={() => send({ type: 'submit', data: {} })}
      >
        {t(stringProp(step.props, 'button') ?? 'app.continue')}
      </button>
    </section>
  );
}
