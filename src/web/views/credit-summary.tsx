/**
 * What the applicant chose, as the end pages summarise it: amount, term, instalment and
 * rate, each when the context holds it (`importeFinanciar`, `cuotas` or `numeroCuotas`,
 * `importeCuotas`, `tasa`).
 */
import { Descriptions } from 'antd';
import type { ViewProps } from './view-types.ts';
import { percent, rateFraction, soles } from './step-props.ts';

function num(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

export function CreditSummary({ context, t }: { context: Record<string, unknown>; t: ViewProps['t'] }) {
  const amount = num(context.importeFinanciar);
  const months = num(context.cuotas ?? context.numeroCuotas);
  const instalment = num(context.importeCuotas);
  const rate = num(context.tasa);
  const items = [
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
  if (items.length === 0) return null;
  return (
    <Descriptions
      className="credit-summary"
      title={t('view.summaryOfCredit')}
      column={1}
      size="small"
      bordered
      items={items}
    />
  );
}
