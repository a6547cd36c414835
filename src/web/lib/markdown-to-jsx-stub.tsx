/**
 * Stands in for `markdown-to-jsx` (pulled in by @rjsf/core for rich descriptions), which
 * costs ~31 KB gzip. Form descriptions here are plain Spanish text, so they render as text.
 * Wired by the alias in vite.config.ts.
 */
import { createElement, type ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return createElement('span', null, children);
}

export function compiler(markdown: string): ReactNode {
  return createElement('span', null, markdown);
}

export default Markdown;
