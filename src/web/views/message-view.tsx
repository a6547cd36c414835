/**
 * The `message` step view: congratulations, rejection, pending. `step.props`:
 * `title` and `message` (i18n keys, interpolated with the context and the holder's first
 * name as `nombre`), `status` ('success' | 'error' | 'info' | 'warning', default 'info'),
 * `image` (public path), `button` (i18n key of its label) and `action` (the action name it
 * raises, default `continue`; on a step with `next` and no call of that name the button runs
 * `next`, the end page's way on), `listFrom` (a context key holding items to list under the
 * message, such as the observed policies: strings or objects with a description), `summary`
 * (true: the credit chosen, {@link CreditSummary}, under the message), `documents` (the
 * documents to download under it, `{ from, label }`, each shown when the context holds its link).
 * Drawn without antd (the result's look in `views.css`), so an end page or a notice that a
 * link page opens on needs neither antd nor its theme.
 */
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { useRef } from 'react';
import '../forms/light-form.css';
import { HOLD_CLICK, useHeldClick } from '../shell/held-click.ts';
import type { ViewProps } from './view-types.ts';
import { CreditSummary, type SummaryWording } from './credit-summary.tsx';
import { DocumentLinks, listedDocuments } from './document-links.tsx';
import { holderFirstName } from './first-word.ts';
import { asRecord, listFrom, pick, stringProp } from './step-props.ts';
import { SvgIcon } from './svg-icon.tsx';

const STATUSES = ['success', 'error', 'info', 'warning'] as const;
type Status = (typeof STATUSES)[number];
const ICONS: Record<Status, IconDefinition> = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
};

export default function MessageView({ flow, step, state, send, busy, t }: ViewProps) {
  const props = step.props;
  const vars = { ...state.context, nombre: holderFirstName(state.context) };
  const statusProp = stringProp(props, 'status');
  const status: Status = STATUSES.find((s) => s === statusProp) ?? 'info';
  const title = stringProp(props, 'title') ?? step.title;
  const message = stringProp(props, 'message');
  const image = stringProp(props, 'image');
  const button = stringProp(props, 'button');
  const actionName = stringProp(props, 'action') ?? 'continue';
  const listKey = stringProp(props, 'listFrom');
  const summary = props?.summary;
  const withSummary = summary === true || (typeof summary === 'object' && summary !== null);
  const wording: SummaryWording = withSummary && summary !== true ? summaryWording(summary) : {};
  const documents = listedDocuments(props?.documents, state.context);
  const items = listKey
    ? listFrom(state.context, props, listKey)
        .map((item) =>
          typeof item === 'string'
            ? item
            : pick(asRecord(item), ['descripcion', 'detalle', 'mensaje', 'nombre']),
        )
        .filter((x): x is string => x !== undefined)
    : [];
  const withBody = items.length > 0 || withSummary || documents.length > 0;
  const press = () =>
    send(
      step.next !== undefined && step.calls?.[actionName] === undefined
        ? { type: 'submit', data: {} }
        : { type: 'action', name: actionName },
    );
  // Drawn from the page's HTML (a link's page opened without its link), a tap before the code is
  // live is kept by the boot script and acted on once it is.
  const buttonRef = useRef<HTMLButtonElement>(null);
  useHeldClick(buttonRef, press);
  const action = button ? (
    <button
      ref={buttonRef}
      type="button"
      className="lf-submit message-button"
      disabled={busy}
      onClick={press}
      {...HOLD_CLICK}
    >
      {t(button, vars)}
    </button>
  ) : undefined;
  return (
    <section className={`step-view step-message lf-vars message--${status}`} data-theme={flow.theme}>
      <div className="message__icon">
        {image ? <img src={image} alt="" className="message-image" /> : <SvgIcon icon={ICONS[status]} />}
      </div>
      {title ? <h2 className="step-title message__title">{t(title, vars)}</h2> : null}
      {message ? <p className="message__text">{t(message, vars)}</p> : null}
      {withBody ? (
        // With a summary or a list, the next action comes after what it sums up.
        <div className="message__body">
          {items.length > 0 ? (
            <ul className="message-list">
              {items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          ) : null}
          {withSummary ? <CreditSummary context={state.context} t={t} wording={wording} /> : null}
          {documents.length > 0 ? <DocumentLinks documents={documents} t={t} /> : null}
          {action ? <div className="message-action">{action}</div> : null}
        </div>
      ) : action ? (
        <div className="message-action">{action}</div>
      ) : null}
    </section>
  );
}

/** The i18n keys a `summary` object names. */
function summaryWording(summary: unknown): SummaryWording {
  const s = asRecord(summary);
  return { title: stringProp(s, 'title'), amountLabel: stringProp(s, 'amountLabel') };
}
