/**
 * The title and message a flow's open dialog shows, as texts: what `FlowModal` draws and what
 * the path tests read (tests/paths/reads.ts). Flows name keys; a literal sentence (a server's
 * detail) is shown as it is. The engine's own error dialog (`$error`) shows the failure's
 * message, under 'Error' unless it names a title; an error-kind dialog falls back to the same.
 */
import type { Flow } from '../../engine/flow-types.ts';
import type { OpenModal } from '../../engine/engine-types.ts';
import { ERROR_MODAL } from '../../engine/index.ts';

/** A text table: the site's (src/web/lib/i18n.ts) or one read from the file in node. */
export interface Texts {
  t(key: string, vars?: Record<string, unknown>): string;
  has(key: string): boolean;
}

export interface DialogTexts {
  title: string | undefined;
  message: string | undefined;
}

export function dialogTexts(flow: Flow, open: OpenModal, texts: Texts): DialogTexts {
  const vars = open.vars ?? {};
  const text = (key: unknown): string | undefined => {
    if (typeof key !== 'string') return undefined;
    return texts.has(key) || /^[\w.$-]+$/.test(key) ? texts.t(key, vars) : key;
  };
  const def = flow.modals?.[open.id];
  if (open.id === ERROR_MODAL || def === undefined)
    return {
      title: text(vars.title) ?? texts.t('error.title'),
      message:
        open.id === ERROR_MODAL && typeof vars.message === 'string' ? vars.message : texts.t('error.unknown'),
    };
  if (def.kind === 'error')
    return {
      title: text(def.title) ?? texts.t('error.title'),
      message: text(def.message) ?? texts.t('error.unknown'),
    };
  return { title: text(def.title), message: text(def.message) };
}
