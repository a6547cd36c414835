import { describe, expect, it } from 'vitest';
import { bootHtml } from './vite-boot-script-plugin.ts';
import { BOOT_SCRIPT_ELEMENT } from '../src/server/boot-script.ts';

const BUILT = `<!doctype html>
<html lang="es-PE">
  <head>
    <title>Crédito en línea</title>
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-i1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the built index.html names its code for the boot script', () => {
  it('has no script tag or module preload left: the entry and its modules are in the list, the boot script inline', () => {
    const html = bootHtml(BUILT);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(BOOT_SCRIPT_ELEMENT);
    expect(html).toContain(
      '<script type="application/json" data-after-paint>{"entry":"/assets/index-e1.js","modules":["/assets/react-r1.js","/assets/i18n-i1.js"]}</script>',
    );
    expect(html.indexOf(BOOT_SCRIPT_ELEMENT)).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<body><div id="root"></div></body>');
  });

  it('fails, saying what to check, when the page has no entry script', () => {
    expect(() => bootHtml(BUILT.replace(/<script type="module"[^>]*><\/script>/, ''))).toThrow(
      /0 entry scripts, not 1/,
    );
  });
});
