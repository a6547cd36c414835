import '@testing-library/jest-dom/vitest';
import { loadAllTexts } from './lib/i18n.ts';

// Components are rendered directly, not through the lazy page that loads every text.
await loadAllTexts();

// The page transitions read the reduced-motion preference (out-in.tsx); jsdom has no matchMedia.
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
