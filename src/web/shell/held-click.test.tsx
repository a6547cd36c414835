/** A tap on the build's menu button before the code was live opens the menu once it is, once. */
import { act, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HOLD_CLICK, useHeldClick } from './held-click.ts';

function Menu() {
  const [opened, setOpened] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  useHeldClick(button, () => setOpened((n) => n + 1));
  return (
    <button ref={button} type="button" {...HOLD_CLICK} onClick={() => setOpened((n) => n + 1)}>
      {`abierto ${opened}`}
    </button>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

/** The build's HTML of `Menu`, tapped (`held`) or not before the code ran, then taken over. */
function takeOver(held: boolean): HTMLButtonElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Menu />);
  document.body.append(container);
  const button = container.querySelector('button')!;
  if (held) button.setAttribute('data-held-click', '');
  act(() => {
    root = hydrateRoot(container, <Menu />);
  });
  return button;
}

describe('useHeldClick', () => {
  it('does what a tap held before the code asked, once, and marks the button live', () => {
    const button = takeOver(true);
    expect(button.textContent).toBe('abierto 1');
    expect(button.hasAttribute('data-held-click')).toBe(false);
    expect(button.hasAttribute('data-live')).toBe(true);
    act(() => button.click());
    expect(button.textContent).toBe('abierto 2');
  });

  it('does nothing when no tap was held', () => {
    const button = takeOver(false);
    expect(button.textContent).toBe('abierto 0');
    expect(button.hasAttribute('data-live')).toBe(true);
  });
});
