/**
 * The one tracker: every tracking event of the site (engine `track` effects included) goes
 * through `track`, which pushes to the tag manager's `dataLayer`.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Pushes `{ event, ...data }` to `window.dataLayer` (created when missing). */
export function track(event: string, data: Record<string, unknown> = {}): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...data });
}
