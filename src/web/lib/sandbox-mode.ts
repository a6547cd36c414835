/**
 * Whether the site is served in sandbox mode: the server answers `GET /__sandbox/scenarios`
 * only then (in upstream mode the sandbox helpers answer 404). Asked once per page load.
 */
let probe: Promise<boolean> | null = null;

/** Resolves true in sandbox mode; never rejects. */
export function isSandbox(): Promise<boolean> {
  probe ??= fetch('/__sandbox/scenarios', {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then((r) => r.ok)
    .catch(() => false);
  return probe;
}
