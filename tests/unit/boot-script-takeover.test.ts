// @vitest-environment jsdom
/**
 * The page's boot script (`src/server/boot-script.ts`) and the runtime taking its HTML over,
 * together: a tap on a drawn button is held by the script only while the runtime cannot answer
 * it, and acted on once whenever it lands.
 */
import { createElement, Fragment, startTransition, useLayoutEffect, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../../src/server/boot-script.ts';
import { HOLD_CLICK, useHeldClick } from '../../src/web/shell/held-click.ts';

/** A drawn button that counts what it was asked to do, by its handler or a held tap. */
function Menu() {
  const [opened, setOpened] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  useHeldClick(button, () => setOpened((n) => n + 1));
  return createElement(
    'button',
    { ref: button, type: 'button', ...HOLD_CLICK, onClick: () => setOpened((n) => n + 1) },
    `abierto ${opened}`,
  );
}

/** Taps the button in the first moment the page could once the takeover is committed, before any later task. */
function TapOnceDrawn() {
  useLayoutEffect(() => {
    queueMicrotask(() => document.querySelector('button')?.click());
  }, []);
  return null;
}

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  document.body.innerHTML = '';
});

describe('a drawn button taken over by the runtime, with the page’s boot script', () => {
  it('a tap in the moment after the takeover is committed, before its effects run, is acted on once', async () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the inline script under test is a string
    (new Function(BOOT_SCRIPT) as () => void)();
    const page = createElement(Fragment, null, createElement(Menu), createElement(TapOnceDrawn));
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const button = container.querySelector('button')!;
    // As the site starts: in a transition, so the effects come in a task after the commit.
    startTransition(() => {
      root = hydrateRoot(container, page);
    });
    await expect.poll(() => button.textContent).toBe('abierto 1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button.textContent).toBe('abierto 1');
    expect(button.hasAttribute('data-held-click')).toBe(false);
  });
});
