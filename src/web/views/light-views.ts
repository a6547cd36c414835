/**
 * The step views drawn without antd (light widgets, plain elements, a CSS ring, inline SVG
 * icons): a step that
 * shows one loads neither antd nor its theme. Every other view brings both
 * (`themed-lazy.tsx`). The view registry wraps each view by this list, and the build's route
 * map preloads the theme for a first step whose view is not in it.
 */
import type { ViewId } from '../../engine/views.ts';

export const LIGHT_VIEWS: ReadonlySet<string> = new Set<ViewId>([
  'form',
  'token',
  'loading',
  'message',
  'phases',
  'simulator',
]);
