/**
 * The only script of a page's HTML (inline in its head, admitted by the Content-Security-Policy
 * by its hash): it loads the site's code once the first screen is on screen, and holds any form
 * sent before that code runs.
 *
 * **Code after the first paint.** Every page paints its first screen from HTML: the prerendered
 * step, or the top bar of `index.html`. Its code only takes that screen over (hydration), so it
 * need not compete with the page for the connection or the main thread before the first paint.
 * The build leaves the entry and the modules it imports out of the HTML as tags and lists them
 * in a `<script type="application/json" data-after-paint>` element
 * (`scripts/vite-boot-script-plugin.ts`); the server and the prerender add the route's own
 * files in a second list (`src/server/route-preloads.ts`). Once the browser reports the
 * first contentful paint (a `paint` performance entry, sent when the frame is on screen, not
 * only drawn; where that is not reported, after the next frame; after 3 s at the latest), it
 * adds a `modulepreload` for each module and a `preload` for each stylesheet, then the entry's
 * module script, then the route's files at low priority, a few per task (`LINKS_PER_TASK`:
 * each element costs the main thread a request). A page opened hidden (a background tab) loads
 * them all at once, since it paints no frame until shown.
 *
 * **Submissions held.** A prerendered form is on screen before its scripts run: pressing its
 * button or Enter then would make the browser send the fields itself, in the address (an
 * applicant's DNI, a promoter's password). So a submission that no script took (none called
 * preventDefault on its way up) is stopped, and its form marked `data-held-submit`: the runtime
 * sends it once it owns the form (`useTypedBeforeHydration`). A tap on a button drawn with
 * `data-hold-click` (the top bar's menu) before its code is live is kept the same way
 * (`data-held-click`) and acted on when it is (`useHeldClick`).
 *
 * **Typing kept for a reload.** Until the runtime owns the page's forms (it then marks `<html>`
 * with {@link RUNTIME_OWNS_FORMS} and keeps the typing in its own sessions), what is typed into
 * a prerendered form is kept in sessionStorage ({@link TYPED_BEFORE_CODE_KEY}), so a reload
 * before the code has arrived (a slow network, a tab the phone discarded) puts it back into the
 * same fields when the page's HTML is parsed; the runtime then takes those values over like any
 * typed before it ran. The same fields as the runtime's sessions are left out (passwords,
 * files, photos, SMS codes, account numbers: `src/engine/kept-typing.ts`), and typing older
 * than a session's 30 minutes, or made at another address, is not put back.
 *
 * Plain ES5, no build step: it runs before anything else of the site.
 */
import { createHash } from 'node:crypto';
import {
  PRIVATE_FIELD,
  RUNTIME_OWNS_FORMS,
  SESSION_MAX_AGE_MS,
  TYPED_BEFORE_CODE_KEY,
} from '../engine/kept-typing.ts';

/** The attribute that marks a list of files for the boot script. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

/** How many files the boot script asks for in one task. */
export const LINKS_PER_TASK = 2;

export const BOOT_SCRIPT = `(function () {
  window.addEventListener('submit', function (event) {
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) event.target.setAttribute('data-held-submit', '');
  });
  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element && event.target.closest('[data-hold-click]');
    if (button && !button.hasAttribute('data-live')) button.setAttribute('data-held-click', '');
  }, true);
  var KEPT = ${JSON.stringify(TYPED_BEFORE_CODE_KEY)};
  var OWNED = ${JSON.stringify(RUNTIME_OWNS_FORMS)};
  var PRIVATE = new RegExp(${JSON.stringify(PRIVATE_FIELD.source)}, 'i');
  function address() {
    return location.pathname + location.search;
  }
  function keepable(el) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement))
      return false;
    if (!el.form || !el.name || /^(password|file|hidden|submit|button|reset|image)$/.test(el.type)) return false;
    return !PRIVATE.test(el.name.split('_').pop());
  }
  function isCheck(el) {
    return el.type === 'checkbox' || el.type === 'radio';
  }
  function built(select) {
    for (var o = 0; o < select.options.length; o++) if (select.options[o].defaultSelected) return o;
    return 0;
  }
  function keep() {
    if (document.documentElement.hasAttribute(OWNED)) return;
    var fields = [];
    for (var f = 0; f < document.forms.length; f++) {
      var elements = document.forms[f].elements;
      for (var i = 0; i < elements.length; i++) {
        var el = elements[i];
        if (!keepable(el)) continue;
        if (isCheck(el)) {
          if (el.checked !== el.defaultChecked) fields.push([f, i, el.name, el.checked]);
        } else if (el instanceof HTMLSelectElement) {
          if (el.selectedIndex !== built(el)) fields.push([f, i, el.name, el.selectedIndex]);
        } else if (el.value !== el.defaultValue) fields.push([f, i, el.name, el.value]);
      }
    }
    try {
      if (fields.length === 0) sessionStorage.removeItem(KEPT);
      else sessionStorage.setItem(KEPT, JSON.stringify({ at: address(), savedAt: Date.now(), fields: fields }));
    } catch (error) {
      // Storage off: nothing is kept.
    }
  }
  document.addEventListener('input', keep, true);
  document.addEventListener('change', keep, true);
  function restore() {
    var kept = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(KEPT) || 'null');
    } catch (error) {
      return;
    }
    if (!kept || kept.at !== address() || !(Date.now() - kept.savedAt <= ${SESSION_MAX_AGE_MS})) return;
    if (!(kept.fields instanceof Array)) return;
    for (var k = 0; k < kept.fields.length; k++) {
      var field = kept.fields[k];
      if (!(field instanceof Array)) continue;
      var form = document.forms[field[0]];
      var el = form && form.elements[field[1]];
      // The same field of the same page (a new version of the site may draw another).
      if (!el || el.name !== field[2] || !keepable(el)) continue;
      var value = field[3];
      if (isCheck(el)) {
        if (typeof value === 'boolean') el.checked = value;
      } else if (el instanceof HTMLSelectElement) {
        if (typeof value === 'number' && value < el.options.length) el.selectedIndex = value;
      } else if (typeof value === 'string') el.value = value;
    }
  }
  var started = false;
  function script(src) {
    var element = document.createElement('script');
    element.type = 'module';
    element.crossOrigin = '';
    element.src = src;
    document.head.appendChild(element);
  }
  function link(rel, href, low, as) {
    var element = document.createElement('link');
    element.rel = rel;
    element.href = href;
    element.crossOrigin = '';
    if (as) element.as = as;
    if (low) element.setAttribute('fetchpriority', 'low');
    document.head.appendChild(element);
  }
  function load() {
    if (started) return;
    started = true;
    var lists = document.querySelectorAll('script[type="application/json"][${AFTER_PAINT_ATTRIBUTE}]');
    var first = [];
    var entries = [];
    var later = [];
    for (var i = 0; i < lists.length; i++) {
      var files = JSON.parse(lists[i].textContent || '{}');
      var low = files.priority === 'low';
      var queue = low ? later : first;
      var modules = files.modules || [];
      var styles = files.styles || [];
      for (var m = 0; m < modules.length; m++) queue.push(['modulepreload', modules[m], low]);
      for (var s = 0; s < styles.length; s++) queue.push(['preload', styles[s], low, 'style']);
      if (files.entry) entries.push(['script', files.entry]);
    }
    // The entry's modules, the entry, then the route's files: a few per task, since each one
    // costs the main thread a request (12–17 ms on a 4× slower CPU), and all of them in one task
    // made a task too long for a tap to be answered. A hidden page (nobody sees it, and its
    // timers are slowed) asks for all that is left at once.
    var pending = first.concat(entries, later);
    function next() {
      var slice = pending.splice(0, document.visibilityState === 'hidden' ? pending.length : ${LINKS_PER_TASK});
      for (var k = 0; k < slice.length; k++)
        if (slice[k][0] === 'script') script(slice[k][1]);
        else link(slice[k][0], slice[k][1], slice[k][2], slice[k][3]);
      if (pending.length > 0) setTimeout(next, 0);
    }
    next();
  }
  function afterFirstPaint() {
    if (document.visibilityState === 'hidden') return load();
    document.addEventListener('visibilitychange', load);
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf('paint') < 0)
      return requestAnimationFrame(function () {
        setTimeout(load, 0);
      });
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      load();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(load, 3000);
  }
  function parsed() {
    // Whatever the tab's storage holds, the page still gets its code.
    try {
      restore();
    } catch (error) {
      // Nothing put back.
    }
    afterFirstPaint();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed);
  else parsed();
})();`;

/** The CSP source that admits {@link BOOT_SCRIPT} inline (`'sha256-…'`). */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** The `<script>` element of {@link BOOT_SCRIPT}, for the head of every page. */
export const BOOT_SCRIPT_ELEMENT = `<script>${BOOT_SCRIPT}</script>`;

/** Files for the boot script to load after the first paint (see the module's comment). */
export interface AfterPaintFiles {
  /** The entry module, run once its modules are asked for. */
  entry?: string;
  /** Modules to preload. */
  modules?: string[];
  /** Stylesheets to fetch (not apply: the chunk that needs one applies it). */
  styles?: string[];
  /** `low` for files the entry does not need first (a route's chunks). */
  priority?: 'low';
}

/**
 * The list element for `files` (empty string when there is nothing to load). JSON in a
 * non-script type is inert and needs no CSP source; `<` is escaped so no `</script>` in a
 * file name can end the element.
 */
export function afterPaintList(files: AfterPaintFiles): string {
  const { entry, modules = [], styles = [], priority } = files;
  if (!entry && modules.length === 0 && styles.length === 0) return '';
  const json = JSON.stringify({
    ...(entry ? { entry } : {}),
    ...(modules.length ? { modules } : {}),
    ...(styles.length ? { styles } : {}),
    ...(priority ? { priority } : {}),
  }).replace(/</g, '\\u003c');
  return `<script type="application/json" ${AFTER_PAINT_ATTRIBUTE}>${json}</script>`;
}
