import '@testing-library/jest-dom/vitest';
import { loadAllTexts } from './lib/i18n.ts';

// Components are rendered directly, not through the lazy page that loads every text.
await loadAllTexts();

// antd reads matchMedia for responsive behaviour; jsdom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
