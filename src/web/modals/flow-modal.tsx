/**
 * Renders the flow's open modal (`state.modal`) by its kind: title and message are i18n keys
 * (the message may interpolate `modal.vars`), buttons send `modal-closed { button }`, OK
 * without buttons sends `modal-closed`. The built-in `$error` modal (the engine's default
 * on a failed call) is the persistent error dialog with the failure's message. A modal's
 * `externalLink` shows under the message as a link to the configured address it names.
 */
import { ERROR_MODAL } from '../../engine/index.ts';
import type { Flow, Modal as ModalDef } from '../../engine/flow-types.ts';
import type { FlowEvent, FlowState } from '../../engine/engine-types.ts';
import { hasText, t } from '../lib/i18n.ts';
import { dialogTexts } from './dialog-texts.ts';
import { settings } from '../lib/settings.ts';
import { AlertModal, type ModalButton } from './alert-modal.tsx';
import ErrorDialog from './error-dialog.tsx';
import { BarcodeModal, MarriedModal, TermsModal, TokenDialog, UploadDialog } from './special-modals.tsx';

export interface FlowModalProps {
  flow: Flow;
  state: FlowState;
  send: (event: FlowEvent) => void;
}

export function FlowModal({ flow, state, send }: FlowModalProps) {
  const open = state.modal;
  if (!open) return null;
  const vars = open.vars ?? {};
  const close = (button?: number) =>
    send(button === undefined ? { type: 'modal-closed' } : { type: 'modal-closed', button });

  const texts = dialogTexts(flow, open, { t, has: hasText });

  if (open.id === ERROR_MODAL) {
    const reference = typeof vars.reference === 'string' ? vars.reference : null;
    return (
      <ErrorDialog
        title={texts.title}
        message={texts.message!}
        reference={reference}
        theme={flow.theme}
        onOk={() => close()}
      />
    );
  }

  const def: ModalDef | undefined = flow.modals?.[open.id];
  if (!def) {
    // The linter prevents this; still, never leave the applicant without a way out.
    return (
      <ErrorDialog title={texts.title} message={texts.message!} theme={flow.theme} onOk={() => close()} />
    );
  }
  const buttons: ModalButton[] | undefined = def.buttons?.map((b, i) => ({
    label: t(b.label, vars),
    link: b.link,
    primary: i === 0,
    onClick: () => close(i),
  }));
  // What a modal collects joins the step's form data instead of replacing it.
  const onData = (data: Record<string, unknown>) =>
    send({ type: 'change', data: { ...state.forms[state.step], ...data } });
  const external = def.externalLink ? (
    <p className="modal-external-link">
      <a href={settings().externalLinks[def.externalLink.to]} target="_blank" rel="noopener noreferrer">
        {t(def.externalLink.label, vars)}
      </a>
    </p>
  ) : undefined;
  const common = {
    title: texts.title,
    message: texts.message,
    image: def.image,
    buttons,
    theme: flow.theme,
    onClose: () => close(),
    onData,
  };

  switch (def.kind) {
    case 'error':
      return (
        <ErrorDialog
          title={common.title}
          message={texts.message!}
          image={def.image}
          theme={flow.theme}
          onOk={() => close()}
        >
          {external}
        </ErrorDialog>
      );
    case 'token':
      return <TokenDialog {...common} persistent />;
    case 'married':
      return <MarriedModal {...common} persistent />;
    case 'terms':
      return <TermsModal {...common} />;
    case 'barcode':
      return <BarcodeModal {...common} code={typeof vars.code === 'string' ? vars.code : undefined} />;
    case 'upload':
      return <UploadDialog {...common} />;
    case 'image':
    case 'alert':
    case 'confirm':
    default:
      return (
        <AlertModal {...common} persistent={def.kind === 'confirm'}>
          {external}
        </AlertModal>
      );
  }
}
