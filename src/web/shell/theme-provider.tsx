/**
 * The antd theme: Spanish locale, primary orange and secondary blue, and the blue style
 * (input text #2156a3) of the consumer and taxi flows. Only lazy chunks that use antd
 * import this file, so pages without antd widgets do not pay for it.
 */
import type { ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import esES from 'antd/es/locale/es_ES';
import type { ThemeId } from '../../engine/flow-types.ts';
import antdStyles from './antd-static.css?inline';

/**
 * antd's component styles, written by the build (antd-static.css): antd does not write them in
 * the browser (`zeroRuntime` below). Put first in the head, where antd puts its own, so that the
 * site's rules win over antd's at equal specificity, as they did.
 */
if (typeof document !== 'undefined' && antdStyles && !document.querySelector('style[data-antd-static]')) {
  const style = document.createElement('style');
  style.dataset.antdStatic = '';
  style.textContent = antdStyles;
  document.head.prepend(style);
}

export const BRAND = { primary: '#f47b20', secondary: '#2156a3', blueInput: '#2156a3' } as const;

/** The brand orange darkened so white text on antd's filled buttons reads (5.0:1, WCAG AA). */
const PRIMARY_STRONG = '#b85000';
/** Its hover: darker, not lighter (6.6:1 with white). */
const PRIMARY_STRONG_HOVER = '#9a4300';
/** The link blue's hover: darker, not lighter (9.5:1 on white). */
const LINK_HOVER = '#1a4582';

function themeFor(theme: ThemeId | undefined) {
  const blue = theme === 'blue';
  return {
    // The components' CSS comes from the build (antd-static.css, scripts/antd-styles.ts): generating
    // it in the browser made every step with a widget new to the page slow to draw. Selectors
    // without a hash, as the build writes them. The theme's values below are still set here, as
    // CSS variables.
    zeroRuntime: true,
    hashed: false,
    token: {
      colorPrimary: blue ? BRAND.secondary : PRIMARY_STRONG,
      // A hovered (or, on a phone, just tapped) button or link keeps 4.5:1 too: antd would
      // lighten the orange to 3.8:1 and the link blue to 2.4:1.
      ...(blue
        ? {}
        : { colorPrimaryHover: PRIMARY_STRONG_HOVER, colorPrimaryTextHover: PRIMARY_STRONG_HOVER }),
      colorLink: BRAND.secondary,
      colorLinkHover: LINK_HOVER,
      colorInfo: BRAND.secondary,
      borderRadius: 6,
      // Greys that read at 4.5:1 or more on white and on the page (WCAG AA): a select's
      // placeholder ("Selecciona") and the descriptions (an empty list's words, a result's).
      colorTextPlaceholder: '#6b6b6b',
      colorTextDescription: '#5b6472',
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      // Tap targets of at least 44 × 44 px on a phone (WCAG 2.5.5): every button, and a
      // dialog's close icon (antd sizes it by the control height).
      Button: { controlHeight: 44, controlHeightLG: 44 },
      Modal: { controlHeight: 44 },
      ...(blue
        ? {
            Input: { colorText: BRAND.blueInput },
            InputNumber: { colorText: BRAND.blueInput },
            Select: { colorText: BRAND.blueInput },
            DatePicker: { colorText: BRAND.blueInput },
          }
        : {}),
    },
  };
}

export function ThemeProvider({ theme, children }: { theme?: ThemeId; children: ReactNode }) {
  return (
    <ConfigProvider locale={esES} theme={themeFor(theme)}>
      {children}
    </ConfigProvider>
  );
}
