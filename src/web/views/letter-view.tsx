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
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { ViewProps } from './view-types.ts';
import { CreditSummary } from './credit-summary.tsx';
import { holderFirstName } from './first-word.ts';
import { StepTitle } from './step-title.tsx';
import { asRecord, stringProp } from './step-props.ts';

const link = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The documents the step offers: the letter (or the `urlFrom` document), then `props.documents`. */
function downloads(step: ViewProps['step'], ctx: Record<string, unknown>) {
  const urlFrom = stringProp(step.props, 'urlFrom');
  const first = [urlFrom, 'urlCarta', 'cartaAprobacion']
    .map((k) => (k ? link(ctx[k]) : undefined))
    .find(Boolean);
  const more = Array.isArray(step.props?.documents) ? step.props.documents : [];
  return {
    first,
    more: more
      .map((d) => asRecord(d))
      .map((d) => ({ url: link(ctx[String(d.from)]), label: String(d.label) }))
      .filter((d): d is { url: string; label: string } => d.url !== undefined),
  };
}

function DocumentLink({ url, label }: { url: string; label: string }) {
  return (
    <li>
      <a href={url} target="_blank" rel="noopener noreferrer">
        <FilePdfOutlined aria-hidden="true" /> {label}
      </a>
    </li>
  );
}

export default function LetterView({ step, state, send, busy, t }: ViewProps) {
  const ctx = state.context;
  const { first, more } = downloads(step, ctx);
  const name = holderFirstName(ctx);
  return (
    <section className="step-view step-letter">
      <StepTitle step={step} t={t} />
      {name ? <p className="step-greeting">{t('view.greeting', { nombre: name })}</p> : null}
      <p>{t(stringProp(step.props, 'message') ?? 'view.letter.message', ctx)}</p>
      {step.props?.summary === false ? null : <CreditSummary context={ctx} t={t} />}
      {first ? (
        <ul className="letter-documents" aria-label={t('view.letter.documents')}>
          <DocumentLink url={first} label={t(stringProp(step.props, 'linkLabelKey') ?? 'view.letter.open')} />
          {more.map((d) => (
            <DocumentLink key={d.url} url={d.url} label={t(d.label)} />
          ))}
        </ul>
      ) : (
        <p className="letter-pending">{t('view.letter.pending')}</p>
      )}
      <Button type="primary" block disabled={busy} onClick={() => send({ type: 'submit', data: {} })}>
        {t(stringProp(step.props, 'button') ?? 'app.continue')}
      </Button>
    </section>
  );
}
