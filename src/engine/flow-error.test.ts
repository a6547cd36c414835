import { describe, expect, it } from 'vitest';
import { FlowError, pointer } from './flow-error.ts';

describe('FlowError', () => {
  it('carries code, path and source, and says where in its message', () => {
    const e = new FlowError(
      'unknown-step',
      '"goto" names the step "x".',
      '/steps/a/next/goto',
      'credinstante',
    );
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe('unknown-step');
    expect(e.path).toBe('/steps/a/next/goto');
    expect(e.source).toBe('credinstante');
    expect(e.message).toBe('"goto" names the step "x". (at /steps/a/next/goto in "credinstante")');
  });
});

describe('pointer', () => {
  it('escapes ~ and / in keys as RFC 6901 says', () => {
    expect(pointer('/steps', 'a/b', 'c~d', 0)).toBe('/steps/a~1b/c~0d/0');
  });
});
