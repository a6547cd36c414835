/**
 * Vite plugin: the body of each CommonJS module in the bundle (React, React DOM, the scheduler)
 * is written as a function expression in parentheses instead of an arrow function, so that V8
 * compiles it eagerly while it parses the chunk, off the main thread as the chunk streams in,
 * instead of when the module first runs.
 *
 * Rolldown wraps a CommonJS module as `__commonJSMin(((exports, module) => { … }))`, and V8
 * compiles an arrow function lazily: React DOM's body (about 190 KB) was parsed on the main
 * thread in the task that first runs it. As `(function (exports, module) { … })` it is compiled
 * with the chunk, which Chromium parses off the main thread as it streams in: that task went
 * from a median of 95 ms to 76 ms on a 4× slower CPU (docs/performance.md, "React DOM's
 * evaluation"). Runs after Rolldown, before the minifier. The bodies mean the same: they use
 * no `this` or `arguments` of their own, the only things an arrow function would change.
 */
import type { Plugin } from 'vite';

/** The head of a CommonJS module's wrapper as Rolldown writes it, before minification. */
const ARROW_HEAD = /__commonJSMin\(\(\(((?:exports|module)(?:, (?:exports|module))?)?\) => \{/g;

/** `code` with every CommonJS wrapper's arrow function written as a function expression. */
export function eagerCommonJs(code: string): string {
  return code.replace(
    ARROW_HEAD,
    (_, params: string | undefined) => `__commonJSMin((function(${params ?? ''}) {`,
  );
}

export function eagerCommonJsPlugin(): Plugin {
  return {
    name: 'eager-cjs',
    apply: 'build',
    renderChunk(code) {
      const out = eagerCommonJs(code);
      return out === code ? null : { code: out, map: null };
    },
  };
}
