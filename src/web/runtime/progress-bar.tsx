/**
 * The progress bar: step `progress` of the flow's `progress.total`, under the heading
 * `title` (an i18n key) when the steps have one (the signature after an approved application).
 * `start` is the first step's position: 1, or 0 where the spec numbers from 0 ("Paso 0 de 6").
 */
import { t } from '../lib/i18n.ts';

export function ProgressBar({
  current,
  total,
  title,
  start = 1,
}: {
  current: number;
  total: number;
  title?: string;
  start?: 0 | 1;
}) {
  const label = t('flow.progress', { current, total });
  return (
    <div
      className="flow__progress"
      role="progressbar"
      aria-label={title ? `${t(title)}. ${label}` : label}
      aria-valuemin={start}
      aria-valuemax={total}
      aria-valuenow={current}
    >
      {title ? <p className="flow__progress-title">{t(title)}</p> : null}
      <ol aria-hidden="true">
        {Array.from({ length: total }, (_, i) => (
          <li key={i} className={i < current ? 'done' : undefined} />
        ))}
      </ol>
      <span>{label}</span>
    </div>
  );
}
