/** The progress bar: step `progress` of the flow's `progress.total`. */
import { t } from '../lib/i18n.ts';

export function ProgressBar({ current, total }: { current: number; total: number }) {
  const label = t('flow.progress', { current, total });
  return (
    <div
      className="flow__progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={total}
      aria-valuenow={current}
    >
      <ol aria-hidden="true">
        {Array.from({ length: total }, (_, i) => (
          <li key={i} className={i < current ? 'done' : undefined} />
        ))}
      </ol>
      <span>{label}</span>
    </div>
  );
}
