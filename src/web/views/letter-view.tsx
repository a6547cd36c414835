/**
 * The `letter` step view: the approval or pre-approval letter. Links the PDF whose URL the
 * flow assigned into the context (under the key `step.props.urlFrom` names, else `urlCarta`,
 * then `cartaAprobacion`), summarises the credit (amount, term, instalment, rate) and continues
 * with a submit. `step.props.message` may name the i18n key of the text above the summary,
 * interpolated with the context (e.g. the file number `{codigoExpediente}`).
 * The same screen shows other documents than a letter (the taxi's SOAT policy):
 * `urlFrom` names the context key holding the link, `linkLabelKey` the i18n key of the link text, and `summary: false` leaves out the credit summary.
 */
import { Button, Descriptions } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { ViewProps } from './view-types.ts';
import { holderFirstName } from './first-word.ts';
import { StepTitle } from './step-title.tsx';
import { percent, rateFraction, soles, stringProp } from './step-props.ts';

function num(v: unknown): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

export default function LetterView({ step, state, send, busy, t }: ViewProps) {
  const ctx = state.context;
  const urlFrom = stringProp(step.props, 'urlFrom');
  const url = [urlFrom, 'urlCarta', 'cartaAprobacion']
    .map((k) => (k ? ctx[k] : undefined))
    .find((v): v is string => typeof v === 'string' && v !== '');
  const amount = num(state.context.importeFinanciar);
  const months = num(ctx.cuotas ?? ctx.numeroCuotas);
  const instalment = num(ctx.importeCuotas);
  const rate = num(ctx.tasa);
  const name = holderFirstName(ctx);
  const items =
    step.props?.summary === false
      ? []
      : [
          amount !== undefined && { key: 'monto', label: t('view.letter.amount'), children: soles(amount) },
          months !== undefined && {
            key: 'plazo',
            label: t('view.letter.term'),
            children: t('view.simulator.months', { n: months }),
          },
          instalment !== undefined && {
            key: 'cuota',
            label: t('view.letter.instalment'),
            children: soles(instalment),
          },
          rate !== undefined && {
            key: 'tea',
            label: t('view.simulator.tea'),
            children: percent(rateFraction(rate)),
          },
        ].filter((x) => x !== false);
  return (
    <section className="step-view step-letter">
      <StepTitle step={step} t={t} />
      {name ? <p className="step-greeting">{t('view.greeting', { nombre: name })}</p> : null}
      <p>{t(stringProp(step.props, 'message') ?? 'view.letter.message', ctx)}</p>
      {items.length > 0 ? <Descriptions column={1} size="small" bordered items={items} /> : null}
      {url ? (
        <p>
          <a href={url} target="_blank" rel="noopener noreferrer">
            <FilePdfOutlined aria-hidden="true" />{' '}
            {t(stringProp(step.props, 'linkLabelKey') ?? 'view.letter.open')}
          </a>
        </p>
      ) : (
        <p className="letter-pending">{t('view.letter.pending')}</p>
      )}
      <Button type="primary" block disabled={busy} onClick={() => send({ type: 'submit', data: {} })}>
        {t('app.continue')}
      </Button>
    </section>
  );
}
