// Debian's Chromium (never a downloaded one) and the flags below, measured here: without the
// background-networking flags Chromium keeps trying Google's hosts, which this machine's closed network refuses.
// Used by the end-to-end tests, the browser tests of the backend and `npm run bench`.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
