// The browser adapter over a happy-dom window of its own (this file runs in the node project): its history and
// location behave as a browser's, and Back is asynchronous there too (it ends with popstate).
import { Window } from 'happy-dom';
import { afterEach } from 'vitest';
import { createBrowserNavigation } from '../../src/adapters/navigation/browserNavigation';
import { testNavigationPort } from './navigation.contract';

const windows: Window[] = [];
afterEach(async () => {
  for (const win of windows.splice(0)) await win.happyDOM.close();
});

testNavigationPort('createBrowserNavigation (a happy-dom window)', (start) => {
  const win = new Window({ url: `http://localhost:1234${start}` });
  windows.push(win);
  const port = createBrowserNavigation(win as unknown as globalThis.Window);
  return {
    port,
    back: () =>
      new Promise<void>((resolve) => {
        win.addEventListener('popstate', () => resolve(), { once: true });
        win.history.back();
      }),
    length: () => win.history.length,
  };
});
