/**
 * The step views by id: each loaded on first use, so a product's first step pulls in only
 * the views it shows. The ids are exactly `VIEW_IDS` (`src/engine/views.ts`).
 */
import type { ComponentType } from 'react';
import { isViewId, VIEW_IDS, type ViewId } from '../../engine/views.ts';
import { didYouMean } from '../../engine/suggest.ts';
import type { ViewProps } from './view-types.ts';
import { preloadable, type PreloadableComponent } from './preloadable.tsx';
import './views.css';

type LazyView = PreloadableComponent<ViewProps>;
type Load = () => Promise<{ default: ComponentType<ViewProps> }>;

const loaders: Record<ViewId, Load> = {
  form: () => import('./form-view.tsx'),
  phases: () => import('./phases-view.tsx'),
  simulator: () => import('./simulator-view.tsx'),
  offers: () => import('./offers-view.tsx'),
  questions: () => import('./questions-view.tsx'),
  token: () => import('./token-view.tsx'),
  biometrics: () => import('./biometrics-view.tsx'),
  documents: () => import('./documents-view.tsx'),
  upload: () => import('./upload-view.tsx'),
  summary: () => import('./summary-view.tsx'),
  'bank-details': () => import('./bank-details-view.tsx'),
  letter: () => import('./letter-view.tsx'),
  message: () => import('./message-view.tsx'),
  loading: () => import('./loading-view.tsx'),
};

/**
 * Every view is drawn without antd (light widgets, plain elements, CSS, inline SVG icons), so
 * each loads alone: no theme to fetch or compute before a step is drawn
 * (`scripts/light-views.test.ts` keeps it so).
 */
export const views = Object.fromEntries(VIEW_IDS.map((id) => [id, preloadable(loaders[id])])) as Record<
  ViewId,
  LazyView
>;

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
