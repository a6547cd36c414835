/**
 * What the applicant chose, as the end pages summarise it: amount, term, instalment and
 * rate, each when the context holds it (`importeFinanciar`, `cuotas` or `numeroCuotas`,
 * `importeCuotas`, `tasa` or the simulation's `tea`). A product that finances goods rather
 * than lending cash names its own title and amount label (`wording`: i18n keys). A plain table
 * (a row per figure, its label as the row's header), drawn without antd.
 */
import { useId } from 'react';
import type { ViewProps } from './view-types.ts';
import { numeric, percent, rateFraction, soles } from './step-props.ts';

/** The summary's own words: i18n keys of its title and of the amount's label. */
export interface SummaryWording {
  title?: string;
  amountLabel?: string;
}

export function CreditSummary({
  context,
  t,
  wording = {},
}: {
  context: Record<string, unknown>;
  t: ViewProps['t'];
  wording?: SummaryWording;
}) {
  const titleId = useId();
  const amount = numeric(context.importeFinanciar);
  const months = numeric(context.cuotas ?? context.numeroCuotas);
  const instalment = numeric(context.importeCuotas);
  const rate = numeric(context.tasa ?? context.tea);
  const items = [
    amount !== undefined && {
      key: 'monto',
      label: t(wording.amountLabel ?? 'view.letter.amount'),
      children: soles(amount),
    },
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
  if (items.length === 0) return null;
  return (
    <section className="credit-summary" aria-labelledby={titleId}>
      <h3 id={titleId} className="credit-summary__title">
        {t(wording.title ?? 'view.summaryOfCredit')}
      </h3>
      <table className="credit-summary__table">
        <tbody>
          {items.map((item) => (
            <tr key={item.key}>
              <th scope="row">{item.label}</th>
              <td>{item.children}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
