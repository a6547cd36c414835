import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_SCOPE, antdStyles, scoped, usedComponents } from './antd-styles.ts';

describe('the antd components the site imports', () => {
  it('are read from named and per-component imports, without types, the provider or locales, with those they draw', () => {
    const dir = mkdtempSync(join(tmpdir(), 'antd-used-'));
    mkdirSync(join(dir, 'views'));
    writeFileSync(
      join(dir, 'views', 'a.tsx'),
      "import { Button, Slider, type SliderSingleProps } from 'antd';\n",
    );
    writeFileSync(
      join(dir, 'b.tsx'),
      "import InputNumber from 'antd/es/input-number';\nimport esES from 'antd/es/locale/es_ES';\n",
    );
    writeFileSync(
      join(dir, 'c.ts'),
      "import ConfigProvider from 'antd/es/config-provider';\nimport type { ModalProps } from 'antd';\n",
    );
    writeFileSync(join(dir, 'd.test.tsx'), "import { Table } from 'antd';\n");
    expect(usedComponents(dir)).toEqual(['Button', 'InputNumber', 'Slider', 'Tooltip']);
  });

  it('are only the sandbox drawer’s today: every step view, modal and page is drawn without antd', () => {
    expect(usedComponents(join(import.meta.dirname, '..', 'src', 'web'))).toEqual(['Drawer']);
  });
});

describe('the CSS written for them', () => {
  it('has each component’s rules, without hashes and with the theme left to CSS variables', () => {
    const css = antdStyles(['Button', 'Slider', 'Tooltip']);
    expect(css).toContain('.ant-btn{');
    expect(css).toContain('.ant-slider');
    expect(css).toContain('.ant-tooltip');
    expect(css).toContain('var(--ant-color-primary)');
    expect(css).not.toMatch(/:where\(\.css-/);
    expect(css).not.toContain('data-ant-cssinjs-cache-path');
    // No theme values: those are set in the browser, per theme.
    expect(css).not.toContain('#1677ff');
  });

  it('keeps antd’s rules for bare elements inside antd’s components, as its hash did, and leaves the rest', () => {
    expect(
      scoped(
        'a{color:red;}a:hover,.ant-x b:not(i, u){color:blue;}.ant-btn{x:y;}@media (min-width:1px){a{z:w;}}',
      ),
    ).toBe(
      `${ANTD_SCOPE} a{color:red;}${ANTD_SCOPE} a:hover,.ant-x b:not(i, u){color:blue;}.ant-btn{x:y;}@media (min-width:1px){a{z:w;}}`,
    );
  });

  it('says which name antd does not export', () => {
    expect(() => antdStyles(['Buton'])).toThrow('antd no exporta "Buton"');
  });
});
