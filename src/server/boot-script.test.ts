// @vitest-environment jsdom
/**
 * The boot script in a document: it holds a form sent before the site's code runs, and asks for
 * the listed files only after the first frame (the route's at low priority), entry last.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { afterPaintList, BOOT_SCRIPT, BOOT_SCRIPT_HASH, LINKS_PER_TASK } from './boot-script.ts';

const requested = () =>
  [...document.head.querySelectorAll('link, script[src]')].map((e) =>
    e instanceof HTMLScriptElement
      ? `script ${e.type} ${e.getAttribute('src')}`
      : `${e.getAttribute('rel')} ${e.getAttribute('href')}${e.getAttribute('fetchpriority') === 'low' ? ' low' : ''}`,
  );

function page(lists: string) {
  document.head.innerHTML = '';
  document.body.innerHTML = `<form id="f"><input name="documento"></form>${lists}`;
  // The script's own text, run as the page runs it (in this window, with its fake timers).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the inline script under test is a string
  (new Function(BOOT_SCRIPT) as () => void)();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const LISTS =
  afterPaintList({ entry: '/assets/index-e1.js', modules: ['/assets/react-r1.js'] }) +
  afterPaintList({ modules: ['/assets/flow-page-f1.js'], styles: ['/assets/form-c1.css'], priority: 'low' });
const FIRST = ['modulepreload /assets/react-r1.js', 'script module /assets/index-e1.js'];
const ALL = [...FIRST, 'modulepreload /assets/flow-page-f1.js low', 'preload /assets/form-c1.css low'];

describe('the boot script', () => {
  it('waits for the browser to report the first contentful paint, then asks for the entry and its modules, and the route files at low priority after', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    page(LISTS);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(100);
    // A frame drawn is not yet a frame on screen, and a first paint may have no content.
    report!({ getEntriesByName: () => [] });
    expect(requested()).toEqual([]);
    report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    expect(requested()).toEqual(FIRST);
    vi.runAllTimers();
    expect(requested()).toEqual(ALL);
  });

  it(`asks for a route's files ${LINKS_PER_TASK} per task, so no task asks for them all`, () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const route = Array.from({ length: 2 * LINKS_PER_TASK + 1 }, (_, i) => `/assets/chunk-${i}.js`);
    page(
      afterPaintList({ entry: '/assets/index-e1.js' }) + afterPaintList({ modules: route, priority: 'low' }),
    );
    vi.advanceTimersToNextFrame();
    // Where paints are not reported, the files are asked for in a task after the frame.
    while (requested().length === 0) vi.advanceTimersToNextTimer();
    const counts = [requested().length];
    while (vi.getTimerCount() > 0) {
      vi.advanceTimersToNextTimer();
      counts.push(requested().length);
    }
    expect(counts).toEqual([1, 1 + LINKS_PER_TASK, 1 + 2 * LINKS_PER_TASK, 2 + 2 * LINKS_PER_TASK]);
    expect(requested().slice(1)).toEqual(route.map((file) => `modulepreload ${file} low`));
  });

  it('where paints are not reported, asks after the next frame; and once only, whatever else fires', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    page(LISTS);
    expect(requested()).toEqual([]);
    vi.advanceTimersToNextFrame();
    vi.runAllTimers();
    expect(requested()).toEqual(ALL);
    // Once only, whatever else fires.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(requested()).toHaveLength(4);
  });

  it('holds a form sent before the site’s code took it, and marks it for the runtime to send', () => {
    page('');
    const form = document.getElementById('f') as HTMLFormElement;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(form.hasAttribute('data-held-submit')).toBe(true);
  });

  it('leaves a submission the site’s code handled alone', () => {
    page('');
    const form = document.getElementById('f') as HTMLFormElement;
    form.addEventListener('submit', (e) => e.preventDefault());
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(form.hasAttribute('data-held-submit')).toBe(false);
  });

  it('keeps a tap on a button that holds taps until its code marks it live, and no other', () => {
    page(
      '<button type="button" data-hold-click id="menu"><span id="icon">☰</span></button><button type="button" id="other"></button>',
    );
    const menu = document.getElementById('menu')!;
    document.getElementById('icon')!.click();
    document.getElementById('other')!.click();
    expect(menu.hasAttribute('data-held-click')).toBe(true);
    expect(document.getElementById('other')!.hasAttribute('data-held-click')).toBe(false);
    menu.removeAttribute('data-held-click');
    menu.setAttribute('data-live', '');
    menu.click();
    expect(menu.hasAttribute('data-held-click')).toBe(false);
  });

  it('is admitted by the hash the Content-Security-Policy names, and a list cannot close its element', () => {
    expect(BOOT_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`);
    expect(afterPaintList({ modules: ['/x</script><script>alert(1)</script>.js'] })).not.toMatch(
      /<\/script>.*<\/script>/,
    );
    expect(afterPaintList({})).toBe('');
  });
});
