import { describe, expect, it } from 'vitest';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { bootHtml, startedChunks } from './vite-boot-script-plugin.ts';
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

  it('lists what the entry starts with (its dynamic imports and their imports) after its own modules, once each', () => {
    const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) =>
      ({ type: 'chunk', fileName, imports, dynamicImports }) as unknown as OutputChunk;
    const entry = chunk('assets/index-e1.js', [], ['assets/client-c1.js', 'assets/start-s1.js']);
    const bundle = {
      'assets/index-e1.js': entry,
      'assets/client-c1.js': chunk('assets/client-c1.js', ['assets/index-e1.js']),
      'assets/start-s1.js': chunk(
        'assets/start-s1.js',
        ['assets/client-c1.js', 'assets/i18n-i1.js'],
        ['assets/flow-page-f1.js'],
      ),
      'assets/i18n-i1.js': chunk('assets/i18n-i1.js'),
      'assets/flow-page-f1.js': chunk('assets/flow-page-f1.js'),
    } as unknown as OutputBundle;
    const started = startedChunks(entry, bundle);
    // Not the entry itself, nor what the site loads later (a route's runner).
    expect(started).toEqual(['assets/client-c1.js', 'assets/start-s1.js', 'assets/i18n-i1.js']);
    expect(
      bootHtml(
        BUILT,
        started.map((f) => `/${f}`),
      ),
    ).toContain(
      '{"entry":"/assets/index-e1.js","modules":["/assets/react-r1.js","/assets/i18n-i1.js","/assets/client-c1.js","/assets/start-s1.js"]}',
    );
  });
});
