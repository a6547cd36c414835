/**
 * Debian's Chromium as every browser tool of the project starts it (TOOLCHAIN: no test tool can
 * download its own browser here). Without the networking flags Chromium keeps trying to reach
 * Google services on a closed network.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fake camera that grants itself, for the selfie steps. */
export const FAKE_CAMERA_FLAGS: readonly string[] = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];
