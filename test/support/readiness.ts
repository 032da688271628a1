// Slow global setups, without holding the whole run back.
//
// Vitest 4 runs the projects' global setups one after the other and starts no test file of any project until
// the last one has returned (Vitest.initializeGlobalSetup awaits each project in turn). Our setups build the
// storefront with Parcel and start emulators and a whole local stack: done inside setup(), they kept the 2
// cores half idle for the first minute or two of every run while the fast projects waited.
//
// So a slow setup provides at once what it knows (ports, folders, or why this machine cannot run it), does the
// slow part in the background, and serves its outcome on a loopback URL. Test files await that URL in their
// beforeAll (awaitReady): a file starts as soon as its own dependency is ready, and a failed setup fails every
// file that needed it, with the setup's own error.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface Readiness {
  /** What files pass to awaitReady (provide it). */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the outcome of `work` (a JSON-serialisable value, or the error's stack) on 127.0.0.1. A long poll
 * answers "still working" after pollMs, so no client timeout ever applies.
 */
export async function serveReadiness<T>(
  what: string,
  work: Promise<T>,
  {
    pollMs = 10_000,
    onFirstRequest,
  }: {
    pollMs?: number;
    /** Called once, when the first file asks: every global setup of the run has returned by then. */
    onFirstRequest?: () => void;
  } = {},
): Promise<Readiness> {
  let asked = false;
  const settled: Promise<Outcome<T>> = work.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      // Also here: when no file of the project runs, nobody else would ever show it.
      console.error(`[${what}] the global setup failed: ${message}`);
      return { ok: false, error: message };
    },
  );
  const server = createServer((_request, response) => {
    if (!asked) {
      asked = true;
      onFirstRequest?.();
    }
    const timer = setTimeout(() => {
      response.writeHead(202, { 'content-type': 'application/json' });
      response.end('{"pending":true}');
    }, pollMs);
    void settled.then((outcome) => {
      clearTimeout(timer);
      if (response.writableEnded) return;
      response.writeHead(outcome.ok ? 200 : 500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(outcome));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${encodeURIComponent(what)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits for a setup served by serveReadiness; throws its error when it failed. */
export async function awaitReady<T>(url: string, timeoutMs = 600_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url);
    if (response.status !== 202) {
      const outcome = (await response.json()) as Outcome<T>;
      if (outcome.ok) return outcome.value;
      throw new Error(`The global setup this file needs failed (${url}):\n${outcome.error}`);
    }
    await response.body?.cancel();
    if (Date.now() > deadline)
      throw new Error(`The global setup this file needs was not ready after ${timeoutMs / 1000} s (${url}).`);
  }
}
