/** A view whose code was fetched ahead is drawn at once, without the loading fallback. */
import { act, Suspense, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Hello({ name }: { name: string }) {
  return <p>{`Hola ${name}`}</p>;
}

let root: Root | undefined;
let container: HTMLDivElement;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** Renders `View` inside a Suspense boundary; answers what is on screen right after the commit. */
function draw(View: ComponentType<{ name: string }>): string {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <Suspense fallback={<p>Cargando…</p>}>
        <View name="Ana" />
      </Suspense>,
    ),
  );
  return container.textContent ?? '';
}

describe('preloadable', () => {
  it('draws a preloaded view in the same commit, with no fallback', async () => {
    let loads = 0;
    const View = preloadable(() => {
      loads++;
      return Promise.resolve({ default: Hello });
    });
    await View.preload();
    expect(draw(View)).toBe('Hola Ana');
    expect(loads).toBe(1);
  });

  it('without a preload: the fallback first, then the view, loading once', async () => {
    let loads = 0;
    const View = preloadable(() => {
      loads++;
      return Promise.resolve({ default: Hello });
    });
    expect(draw(View)).toBe('Cargando…');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(container.textContent).toBe('Hola Ana');
    await View.preload();
    expect(loads).toBe(1);
  });

  it('a failed preload is forgotten: the first use loads again', async () => {
    let loads = 0;
    const View = preloadable<{ name: string }>(() => {
      loads++;
      return loads === 1 ? Promise.reject(new Error('sin conexión')) : Promise.resolve({ default: Hello });
    });
    await View.preload();
    await View.preload();
    expect(loads).toBe(2);
    expect(draw(View)).toBe('Hola Ana');
  });
});
