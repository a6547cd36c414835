/**
 * What each layout of the spec shows around its main area. All have the toolbar; the
 * credinstante, celulares and default layouts also host the global loading indicator and
 * the modal error dialog.
 */
import type { LayoutId } from '../../engine/flow-types.ts';

export interface LayoutSpec {
  loading: boolean;
  errorDialog: boolean;
}

export const LAYOUTS: Readonly<Record<LayoutId, LayoutSpec>> = {
  celulares: { loading: true, errorDialog: true },
  credinstante: { loading: true, errorDialog: true },
  default: { loading: true, errorDialog: true },
  express: { loading: false, errorDialog: false },
  ld: { loading: false, errorDialog: false },
  main: { loading: false, errorDialog: false },
};
