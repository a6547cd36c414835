// @vitest-environment jsdom
/**
 * The boot script in a document: it holds a form sent before the site's code runs, and asks for
 * the listed files only after the first frame (the route's at low priority), entry last.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { afterPaintList, BOOT_SCRIPT, BOOT_SCRIPT_HASH, LINKS_PER_TASK } from './boot-script.ts';
import { RUNTIME_OWNS_FORMS, SESSION_MAX_AGE_MS, TYPED_BEFORE_CODE_KEY } from '../engine/kept-typing.ts';

const requested = () =>
  [...document.head.querySelectorAll('link, script[src]')].map((e) =>
    e instanceof HTMLScriptElement
      ? `script ${e.type} ${e.getAttribute('src')}`
      : `${e.getAttribute('rel')} ${e.getAttribute('href')}${e.getAttribute('fetchpriority') === 'low' ? ' low' : ''}`,
  );

function page(lists: string, form = '<form id="f"><input name="documento"></form>') {
  document.head.innerHTML = '';
  document.body.innerHTML = `${form}${lists}`;
  // The script's own text, run as the page runs it (in this window, with its fake timers).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the inline script under test is a string
  (new Function(BOOT_SCRIPT) as () => void)();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  document.documentElement.removeAttribute(RUNTIME_OWNS_FORMS);
  history.replaceState(null, '', '/');
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

  it(`asks for the files ${LINKS_PER_TASK} per task, entry after its modules, so no task asks for them all`, () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const modules = ['/assets/client-c1.js', '/assets/react-r1.js', '/assets/start-s1.js'];
    const route = Array.from({ length: 2 * LINKS_PER_TASK + 1 }, (_, i) => `/assets/chunk-${i}.js`);
    page(
      afterPaintList({ entry: '/assets/index-e1.js', modules }) +
        afterPaintList({ modules: route, priority: 'low' }),
    );
    vi.advanceTimersToNextFrame();
    // Where paints are not reported, the files are asked for in a task after the frame.
    while (requested().length === 0) vi.advanceTimersToNextTimer();
    const counts = [requested().length];
    while (vi.getTimerCount() > 0) {
      vi.advanceTimersToNextTimer();
      counts.push(requested().length);
    }
    const total = modules.length + 1 + route.length;
    expect(counts).toEqual(
      Array.from({ length: Math.ceil(total / LINKS_PER_TASK) }, (_, i) =>
        Math.min(total, (i + 1) * LINKS_PER_TASK),
      ),
    );
    expect(requested()).toEqual([
      ...modules.map((file) => `modulepreload ${file}`),
      'script module /assets/index-e1.js',
      ...route.map((file) => `modulepreload ${file} low`),
    ]);
  });

  it('a page hidden while it asks for its files asks for the rest at once', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const route = Array.from({ length: 3 * LINKS_PER_TASK }, (_, i) => `/assets/chunk-${i}.js`);
    page(
      afterPaintList({ entry: '/assets/index-e1.js' }) + afterPaintList({ modules: route, priority: 'low' }),
    );
    vi.advanceTimersToNextFrame();
    while (requested().length === 0) vi.advanceTimersToNextTimer();
    expect(requested()).toHaveLength(LINKS_PER_TASK);
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    vi.advanceTimersToNextTimer();
    hidden.mockRestore();
    expect(requested()).toHaveLength(1 + route.length);
    expect(vi.getTimerCount()).toBe(0);
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

/** A prerendered lead form: what may be kept, a password, an SMS code, a consent, a list and a note. */
const LEAD = `<form id="lead">
  <input name="root_documento" id="documento" value="">
  <input name="root_clave" id="clave" type="password">
  <input name="root_tokenSMS" id="token">
  <input name="root_acepta" id="acepta" type="checkbox">
  <select name="root_tipo" id="tipo"><option>DNI</option><option>CE</option></select>
  <textarea name="root_nota" id="nota"></textarea>
</form>`;

const field = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Types into the page's fields as an applicant would, before the site's code has run. */
function typeLead() {
  const type = (id: string, value: string) => {
    field<HTMLInputElement>(id).value = value;
    field(id).dispatchEvent(new Event('input', { bubbles: true }));
  };
  type('documento', '45678912');
  type('clave', 'secreto');
  type('token', '123456');
  type('nota', 'Llamar de tarde');
  field<HTMLInputElement>('acepta').click();
  field<HTMLSelectElement>('tipo').selectedIndex = 1;
  field('tipo').dispatchEvent(new Event('change', { bubbles: true }));
}

const kept = () =>
  JSON.parse(sessionStorage.getItem(TYPED_BEFORE_CODE_KEY) ?? 'null') as {
    at: string;
    savedAt: number;
    fields: unknown[][];
  } | null;

describe('the boot script, with what is typed before the code runs', () => {
  it('keeps it for a reload, without the password, the SMS code or anything left as the build drew it', () => {
    history.replaceState(null, '', '/credinstante');
    page('', LEAD);
    typeLead();
    expect(kept()).toMatchObject({
      at: '/credinstante',
      fields: [
        [0, 0, 'root_documento', '45678912'],
        [0, 3, 'root_acepta', true],
        [0, 4, 'root_tipo', 1],
        [0, 5, 'root_nota', 'Llamar de tarde'],
      ],
    });
    // Every field back to what the build drew: nothing is left to keep.
    for (const id of ['documento', 'nota']) {
      field<HTMLInputElement>(id).value = '';
      field(id).dispatchEvent(new Event('input', { bubbles: true }));
    }
    field<HTMLInputElement>('acepta').click();
    field<HTMLSelectElement>('tipo').selectedIndex = 0;
    field('tipo').dispatchEvent(new Event('change', { bubbles: true }));
    expect(kept()).toBeNull();
  });

  it('puts it back into the same fields when the page is opened again at the same address', () => {
    history.replaceState(null, '', '/credinstante');
    page('', LEAD);
    typeLead();
    page('', LEAD);
    expect(field<HTMLInputElement>('documento').value).toBe('45678912');
    expect(field<HTMLInputElement>('documento').defaultValue).toBe('');
    expect(field<HTMLInputElement>('acepta').checked).toBe(true);
    expect(field<HTMLSelectElement>('tipo').selectedIndex).toBe(1);
    expect(field<HTMLTextAreaElement>('nota').value).toBe('Llamar de tarde');
    expect(field<HTMLInputElement>('clave').value).toBe('');
    expect(field<HTMLInputElement>('token').value).toBe('');
  });

  it('puts nothing back at another address, after a session’s time, or into a field the page now draws differently', () => {
    history.replaceState(null, '', '/credinstante');
    page('', LEAD);
    typeLead();
    const saved = kept()!;

    history.replaceState(null, '', '/credinstante?process=abc');
    page('', LEAD);
    expect(field<HTMLInputElement>('documento').value).toBe('');

    history.replaceState(null, '', '/credinstante');
    sessionStorage.setItem(
      TYPED_BEFORE_CODE_KEY,
      JSON.stringify({ ...saved, savedAt: Date.now() - SESSION_MAX_AGE_MS - 1 }),
    );
    page('', LEAD);
    expect(field<HTMLInputElement>('documento').value).toBe('');

    sessionStorage.setItem(TYPED_BEFORE_CODE_KEY, JSON.stringify(saved));
    page('', LEAD.replace('name="root_documento"', 'name="root_numeroDocumento"'));
    expect(field<HTMLInputElement>('documento').value).toBe('');
    expect(field<HTMLTextAreaElement>('nota').value).toBe('Llamar de tarde');
  });

  it('loads the page’s code whatever the tab’s storage holds under its key', () => {
    history.replaceState(null, '', '/credinstante');
    for (const stored of [
      '{ no es JSON',
      JSON.stringify({ at: '/credinstante', savedAt: Date.now(), fields: 5 }),
      JSON.stringify({ at: '/credinstante', savedAt: Date.now(), fields: null }),
      JSON.stringify({
        at: '/credinstante',
        savedAt: Date.now(),
        fields: [null, 7, [0, 0, 'root_documento', 1]],
      }),
    ]) {
      vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
      sessionStorage.setItem(TYPED_BEFORE_CODE_KEY, stored);
      page(LISTS, LEAD);
      vi.advanceTimersToNextFrame();
      vi.runAllTimers();
      expect(requested(), stored).toEqual(ALL);
      expect(field<HTMLInputElement>('documento').value).toBe('');
      vi.useRealTimers();
    }
  });

  it('stops keeping once the runtime owns the page’s forms', () => {
    history.replaceState(null, '', '/credinstante');
    page('', LEAD);
    document.documentElement.setAttribute(RUNTIME_OWNS_FORMS, '');
    typeLead();
    expect(kept()).toBeNull();
  });
});
