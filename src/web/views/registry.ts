/**
 * The step views by id: each loaded on first use, so a product's first step pulls in only
 * the views it shows. The ids are exactly `VIEW_IDS` (`src/engine/views.ts`).
 */
import { VIEW_IDS, type ViewId } from '../../engine/views.ts';
import { didYouMean } from '../../engine/suggest.ts';
import type { ViewProps } from './view-types.ts';
import { themedLazy } from './themed-lazy.tsx';
import { preloadable, type PreloadableComponent } from './preloadable.tsx';
import './views.css';

type LazyView = PreloadableComponent<ViewProps>;

export const views: Record<ViewId, LazyView> = {
  // The form, token and loading views use no antd (light widgets, a CSS ring); every other view
  // brings antd and its theme.
  form: preloadable(() => import('./form-view.tsx')),
  phases: themedLazy(() => import('./phases-view.tsx')),
  simulator: themedLazy(() => import('./simulator-view.tsx')),
  offers: themedLazy(() => import('./offers-view.tsx')),
  questions: themedLazy(() => import('./questions-view.tsx')),
  token: preloadable(() => import('./token-view.tsx')),
  biometrics: themedLazy(() => import('./biometrics-view.tsx')),
  documents: themedLazy(() => import('./documents-view.tsx')),
  upload: themedLazy(() => import('./upload-view.tsx')),
  summary: themedLazy(() => import('./summary-view.tsx')),
  'bank-details': themedLazy(() => import('./bank-details-view.tsx')),
  letter: themedLazy(() => import('./letter-view.tsx')),
  message: themedLazy(() => import('./message-view.tsx')),
  loading: preloadable(() => import('./loading-view.tsx')),
};

function isViewId(name: string): name is ViewId {
  return (VIEW_IDS as readonly string[]).includes(name);
}

/**
 * The view a step names. An unknown name fails with the name, where it was asked for (the
 * flow and step) and the closest known id, since a typo in a flow file is the usual cause.
 */
export function resolveView(name: string, where: string): LazyView {
  if (isViewId(name)) return views[name];
  throw new Error(
    `Vista desconocida "${name}" en ${where}.${didYouMean(name, VIEW_IDS)} Vistas existentes: ${VIEW_IDS.join(', ')}.`,
  );
}
