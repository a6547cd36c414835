/**
 * The alert modal (max width 350) and the alert with buttons: an optional image, a title
 * ('Estimado cliente', 'Lo sentimos', '¡Felicidades!' as the flow says), a message and one
 * or more buttons. Without buttons it shows one OK button.
 */
import type { ReactNode } from 'react';
import Modal from 'antd/es/modal';
import Button from 'antd/es/button';
import { t } from '../lib/i18n.ts';
import { DIALOG_TRANSITION } from './dialog-motion.ts';

export interface ModalButton {
  label: string;
  primary?: boolean;
  /** An external or site link the button opens (e.g. the renewal page). */
  link?: string;
  onClick: () => void;
}

export interface AlertModalProps {
  open: boolean;
  title?: string;
  message?: ReactNode;
  image?: string;
  buttons?: ModalButton[];
  /** Persistent dialogs cannot be closed by the mask, Escape or a close icon. */
  persistent?: boolean;
  width?: number;
  onClose: () => void;
  children?: ReactNode;
}

export const ALERT_MAX_WIDTH = 350;

export function AlertModal({
  open,
  title,
  message,
  image,
  buttons,
  persistent,
  width,
  onClose,
  children,
}: AlertModalProps) {
  const list: ModalButton[] =
    buttons && buttons.length > 0 ? buttons : [{ label: t('app.ok'), primary: true, onClick: onClose }];
  return (
    <Modal
      open={open}
      title={title}
      centered
      transitionName={DIALOG_TRANSITION}
      width={width ?? ALERT_MAX_WIDTH}
      closable={!persistent}
      mask={{ closable: !persistent }}
      keyboard={!persistent}
      onCancel={onClose}
      footer={list.map((b, i) => (
        <Button
          key={i}
          type={b.primary || list.length === 1 ? 'primary' : 'default'}
          href={b.link}
          target={b.link?.startsWith('http') ? '_blank' : undefined}
          rel={b.link?.startsWith('http') ? 'noopener noreferrer' : undefined}
          onClick={b.onClick}
        >
          {b.label}
        </Button>
      ))}
    >
      <div className="modal-body">
        {image && <img className="modal-body__image" src={image} alt="" width="96" height="96" />}
        {message !== undefined && <p>{message}</p>}
        {children}
      </div>
    </Modal>
  );
}
