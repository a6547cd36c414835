/**
 * The alert modal (max width 350) and the alert with buttons: an optional image, a title
 * ('Estimado cliente', 'Lo sentimos', '¡Felicidades!' as the flow says), a message and one
 * or more buttons. Without buttons it shows one OK button.
 */
import type { ReactNode } from 'react';
import { t } from '../lib/i18n.ts';
import { Dialog, DialogButton } from './dialog.tsx';

export interface ModalButton {
  label: string;
  primary?: boolean;
  /** An external or site link the button opens (e.g. the renewal page). */
  link?: string;
  onClick: () => void;
}

export interface AlertModalProps {
  title?: string;
  message?: ReactNode;
  image?: string;
  buttons?: ModalButton[];
  /** Persistent dialogs cannot be closed by the mask, Escape or a close icon. */
  persistent?: boolean;
  width?: number;
  /** The flow's style (`blue` for the consumer and taxi flows). */
  theme?: string;
  onClose: () => void;
  children?: ReactNode;
}

export const ALERT_MAX_WIDTH = 350;

export function AlertModal({
  title,
  message,
  image,
  buttons,
  persistent,
  width,
  theme,
  onClose,
  children,
}: AlertModalProps) {
  const list: ModalButton[] =
    buttons && buttons.length > 0 ? buttons : [{ label: t('app.ok'), primary: true, onClick: onClose }];
  return (
    <Dialog
      title={title}
      width={width ?? ALERT_MAX_WIDTH}
      persistent={persistent}
      theme={theme}
      onClose={onClose}
      footer={list.map((b, i) => (
        <DialogButton key={i} {...b} primary={b.primary || list.length === 1} />
      ))}
    >
      <div className="modal-body">
        {image && <img className="modal-body__image" src={image} alt="" width="96" height="96" />}
        {message !== undefined && <p>{message}</p>}
        {children}
      </div>
    </Dialog>
  );
}
