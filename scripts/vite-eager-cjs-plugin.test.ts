import { describe, expect, it } from 'vitest';
import { build } from 'vite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eagerCommonJs, eagerCommonJsPlugin } from './vite-eager-cjs-plugin.ts';

describe('CommonJS bodies as function expressions', () => {
  it('rewrites the head of each wrapper, whatever its parameters, and nothing else', () => {
    const code = [
      'var a = /* @__PURE__ */ __commonJSMin(((exports) => {',
      '  exports.x = () => 1;',
      '}));',
      'var b = /* @__PURE__ */ __commonJSMin(((exports, module) => {',
      '  module.exports = a();',
      '}));',
      'var c = /* @__PURE__ */ __commonJSMin((() => {}));',
      'const f = ((exports) => exports);',
    ].join('\n');
    expect(eagerCommonJs(code)).toBe(
      [
        'var a = /* @__PURE__ */ __commonJSMin((function(exports) {',
        '  exports.x = () => 1;',
        '}));',
        'var b = /* @__PURE__ */ __commonJSMin((function(exports, module) {',
        '  module.exports = a();',
        '}));',
        'var c = /* @__PURE__ */ __commonJSMin((function() {}));',
        'const f = ((exports) => exports);',
      ].join('\n'),
    );
  });

  it('a CommonJS module bundled by Vite gets a function expression, and still runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eager-cjs-'));
    try {
      writeFileSync(join(dir, 'dep.cjs'), 'exports.answer = function () { return 42; };\n');
      writeFileSync(
        join(dir, 'main.js'),
        "import dep from './dep.cjs';\nexport const value = dep.answer();\n",
      );
      const out = await build({
        root: dir,
        logLevel: 'silent',
        configFile: false,
        plugins: [eagerCommonJsPlugin()],
        build: {
          lib: { entry: join(dir, 'main.js'), formats: ['es'], fileName: 'main' },
          write: false,
          minify: true,
        },
      });
      const chunk = (Array.isArray(out) ? out[0]! : out) as { output: { type: string; code?: string }[] };
      const code = chunk.output.find((o) => o.type === 'chunk')!.code!;
      expect(code).toMatch(/\(function\([\w, ]*\) ?\{\s*\w+\.answer/);
      expect(code).not.toMatch(/=> ?\{\s*\w+\.answer/);
      const file = join(dir, 'out.mjs');
      writeFileSync(file, code);
      expect(((await import(file)) as { value: number }).value).toBe(42);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
