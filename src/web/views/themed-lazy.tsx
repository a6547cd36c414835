/**
 * A lazily loaded component that uses antd, wrapped in the flow's antd theme (Spanish
 * locale, brand colours, the blue style) loaded with it. The flow page itself carries no
 * antd, so a product that opens on a form (light widgets, `src/web/forms/`) does not pay
 * for antd's theme runtime on its first step; views and modals that use antd bring it.
 */
import type { ComponentType } from 'react';
import type { Flow } from '../../engine/flow-types.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { preloadable, type PreloadableComponent } from './preloadable.tsx';

export function themedLazy<P extends { flow: Flow }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  return preloadable(async () => {
    // The theme (antd's core) first, then the view with its components, a task apart: the
    // browser runs what an import brings in one task, and both together made a long one.
    const { ThemeProvider } = await import('../shell/theme-provider.tsx');
    await yieldToMain();
    const { default: Inner } = await load();
    function Themed(props: P) {
      return (
        <ThemeProvider theme={props.flow.theme}>
          <Inner {...props} />
        </ThemeProvider>
      );
    }
    Themed.displayName = `Themed(${Inner.displayName ?? Inner.name})`;
    return { default: Themed };
  });
}
