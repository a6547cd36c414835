/** Sets `document.title` from the spec's template "%s - {product}". */
import { useEffect } from 'react';
import { pageTitle } from '../lib/i18n.ts';

export function usePageTitle(section: string, product: string): void {
  useEffect(() => {
    document.title = pageTitle(section, product);
  }, [section, product]);
}
