import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VIEW_IDS } from '../src/engine/views.ts';

const here = fileURLToPath(new URL('../src/web/views/', import.meta.url));
/** antd and what only antd brings; `@ant-design/icons-svg` is plain data (icon paths), no runtime. */
const ANTD = /^(antd|@ant-design\/(?!icons-svg\/)[^/]+|@rc-component\/|rc-[^/]+)(\/|$)/;

/**
 * The antd-family packages `file` brings with it: its static imports, followed through the
 * project's own modules (dynamic `import()` loads later, on its own).
 */
function antdImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  // Static imports and re-exports (not `import type`), and side-effect imports (stylesheets).
  for (const m of source.matchAll(
    /^\s*(import|export)\s+(type\s)?[^;]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm,
  )) {
    if (m[2]) continue;
    const spec = m[3] ?? m[4]!;
    if (spec.startsWith('.')) {
      if (/\.tsx?$/.test(spec)) found.push(...antdImports(resolve(dirname(file), spec), seen));
    } else if (ANTD.test(spec))
      found.push(`${spec} (${file.includes('src/') ? file.slice(file.indexOf('src/')) : basename(file)})`);
  }
  return found;
}

describe('the views and the modals', () => {
  it.each([...VIEW_IDS])('the %s view brings no antd (antd is no longer a dependency)', (view) => {
    expect(antdImports(resolve(here, `${view}-view.tsx`))).toEqual([]);
  });

  it('the modals, part of every flow page, bring no antd', () => {
    expect(antdImports(resolve(here, '../modals/flow-modal.tsx'))).toEqual([]);
  });

  it('sees an antd import where there is one, also through a module of the project', () => {
    const dir = mkdtempSync(join(tmpdir(), 'antd-import-'));
    try {
      writeFileSync(join(dir, 'a.tsx'), "import { helper } from './b.ts';\nimport './a.css';\n");
      writeFileSync(
        join(dir, 'b.ts'),
        "import Button from 'antd/es/button';\nexport const helper = Button;\n",
      );
      expect(antdImports(join(dir, 'a.tsx'))).toEqual(['antd/es/button (b.ts)']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
