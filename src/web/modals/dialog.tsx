/**
 * The site's modal dialog, in plain elements and CSS (no antd), so that a step whose call
 * answers with a modal (a link page that says "El enlace no es válido", a lead form that says
 * "Ya tienes una solicitud en proceso") draws it without loading antd and its theme first.
 *
 * A modal dialog as the WAI-ARIA pattern has it: `role="dialog"` with `aria-modal`, named by
 * its title; focus moves in when it opens (to the element marked `data-autofocus`, else the
 * dialog) and back to where it was when it closes; Tab cycles inside; the page behind is
 * `inert` and does not scroll. A persistent dialog is closed only by its buttons; any other
 * also by Escape, a click on the mask or its close button.
 */
import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../lib/i18n.ts';
import '../forms/light-form.css';
import './dialog.css';

export interface DialogProps {
  title?: string;
  /** The dialog's greatest width in px (it never exceeds the screen). */
  width: number;
  persistent?: boolean;
  /** The flow's style (`blue` for the consumer and taxi flows). */
  theme?: string;
  /** A sheet along the screen's right edge, the whole height (the sandbox's outbox and tables). */
  side?: boolean;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The open dialogs, the last on top: only it is reachable, everything else in the page is inert. */
const stack: HTMLElement[] = [];
const MARK = 'data-dialog-inert';

function updatePage(): void {
  const top = stack.at(-1);
  for (const child of Array.from(document.body.children)) {
    const marked = child.hasAttribute(MARK);
    if (top && child !== top && !child.hasAttribute('inert')) {
      child.setAttribute('inert', '');
      child.setAttribute(MARK, '');
    } else if ((!top || child === top) && marked) {
      child.removeAttribute('inert');
      child.removeAttribute(MARK);
    }
  }
  document.body.classList.toggle('dialog-open', top !== undefined);
}

export function Dialog({ title, width, persistent, theme, side, onClose, footer, children }: DialogProps) {
  const titleId = useId();
  const layer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const mask = layer.current!;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(mask);
    updatePage();
    const first = panel.current!.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current!;
    first.focus({ preventScroll: true });
    return () => {
      stack.splice(stack.indexOf(mask), 1);
      updatePage();
      // Where it was: in the page, or in the dialog under this one.
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!persistent) onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = Array.from(panel.current!.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items.at(-1)!;
    const at = document.activeElement;
    if (event.shiftKey && (at === first || at === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && at === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      ref={layer}
      className={side ? 'dialog-mask dialog-mask--side' : 'dialog-mask'}
      data-theme={theme}
      onClick={(event) => {
        if (!persistent && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className="dialog lf-vars"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        tabIndex={-1}
        style={{ maxWidth: width }}
        onKeyDown={onKeyDown}
      >
        {!persistent && (
          <button
            type="button"
            className="dialog__close"
            aria-label={t('app.close')}
            onClick={() => onClose()}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
        {title && (
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
        )}
        {children}
        {footer ? <div className="dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

export interface DialogButtonProps {
  label: string;
  primary?: boolean;
  /** A site or external address the button opens (external ones in a new tab). */
  link?: string;
  autoFocus?: boolean;
  onClick: () => void;
}

/** A dialog's button: filled when primary; an address makes it a link that looks the same. */
export function DialogButton({ label, primary, link, autoFocus, onClick }: DialogButtonProps) {
  const className = primary ? 'dialog__button dialog__button--primary' : 'dialog__button';
  const focus = autoFocus ? { 'data-autofocus': '' } : {};
  if (link !== undefined) {
    const external = link.startsWith('http');
    return (
      <a
        className={className}
        href={link}
        target={external ? '_blank' : undefined}
        rel={external ? 'noopener noreferrer' : undefined}
        onClick={onClick}
        {...focus}
      >
        {label}
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={onClick} {...focus}>
      {label}
    </button>
  );
}
