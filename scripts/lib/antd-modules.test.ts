import { describe, expect, it } from 'vitest';
import { antdModules, describeModules } from './antd-modules.ts';
import { npmModule } from '../vite-chunk-modules-plugin.ts';

describe('antd modules of a first step', () => {
  const table = {
    'assets/form-view.js': ['@rjsf/core/lib/components/Form.js', 'react/index.js'],
    'assets/theme.js': [
      'antd/es/config-provider/index.js',
      'antd/es/config-provider/context.js',
      '@ant-design/cssinjs/es/index.js',
      '@rc-component/util/es/warning.js',
    ],
  };

  it('leaves out the icons’ outlines, plain data the light views draw themselves', () => {
    const icons = { 'assets/message-view.js': ['@ant-design/icons-svg/es/asn/InfoCircleFilled.js'] };
    expect(antdModules(icons, ['assets/message-view.js'])).toEqual([]);
    expect(
      antdModules({ 'a.js': ['@ant-design/icons/es/icons/InfoCircleFilled.js'] }, ['a.js']),
    ).toHaveLength(1);
  });

  it('finds antd and the packages it brings, only in the chunks asked about', () => {
    expect(antdModules(table, ['assets/form-view.js'])).toEqual([]);
    expect(antdModules(table, ['assets/form-view.js', 'assets/theme.js'])).toHaveLength(4);
  });

  it('names antd modules by component and the others by package', () => {
    expect(describeModules(antdModules(table, ['assets/theme.js']))).toBe(
      '4 modules: @ant-design/cssinjs, @rc-component/util, antd/es/config-provider (2)',
    );
  });

  it('reads the npm module from a bundled module id and leaves the project files out', () => {
    expect(npmModule('/work/main/node_modules/antd/es/button/index.js?commonjs-es-import')).toBe(
      'antd/es/button/index.js',
    );
    expect(npmModule('/work/main/src/web/views/form-view.tsx')).toBeNull();
  });
});
