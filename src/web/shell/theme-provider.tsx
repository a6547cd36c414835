/**
 * The antd theme: Spanish locale, primary orange and secondary blue, and the blue style
 * (input text #2156a3) of the consumer and taxi flows. Only lazy chunks that use antd
 * import this file, so pages without antd widgets do not pay for it.
 */
import type { ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import esES from 'antd/es/locale/es_ES';
import type { ThemeId } from '../../engine/flow-types.ts';

export const BRAND = { primary: '#f47b20', secondary: '#2156a3', blueInput: '#2156a3' } as const;

/** The brand orange darkened so white text on antd's filled buttons reads (5.0:1, WCAG AA). */
const PRIMARY_STRONG = '#b85000';

function themeFor(theme: ThemeId | undefined) {
  const blue = theme === 'blue';
  return {
    token: {
      colorPrimary: blue ? BRAND.secondary : PRIMARY_STRONG,
      colorLink: BRAND.secondary,
      colorInfo: BRAND.secondary,
      borderRadius: 6,
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    components: blue
      ? {
          Input: { colorText: BRAND.blueInput },
          InputNumber: { colorText: BRAND.blueInput },
          Select: { colorText: BRAND.blueInput },
          DatePicker: { colorText: BRAND.blueInput },
        }
      : {},
  };
}

export function ThemeProvider({ theme, children }: { theme?: ThemeId; children: ReactNode }) {
  return (
    <ConfigProvider locale={esES} theme={themeFor(theme)}>
      {children}
    </ConfigProvider>
  );
}
