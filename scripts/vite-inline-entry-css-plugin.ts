/**
 * Vite plugin (build only): puts the entry's stylesheet into `index.html` as a `<style>`
 * element instead of a `<link>`, so the first paint waits for no request but the HTML. The
 * shell's CSS is a few KB; lazy chunks keep loading their own stylesheets. The CSS file is
 * still emitted and listed in the manifest (scripts/size-report.ts counts it with the entry).
 * The site's CSP allows inline styles (`style-src 'unsafe-inline'`, src/server/security-headers.ts).
 */
import type { OutputAsset } from 'rolldown';
import type { Plugin } from 'vite';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

export function inlineEntryCssPlugin(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(STYLESHEET, (link, file: string) => {
          const asset = ctx.bundle?.[file] as OutputAsset | undefined;
          if (asset?.type !== 'asset') return link;
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // `</style` inside the CSS would end the element early; a CSS escape keeps its meaning.
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}
