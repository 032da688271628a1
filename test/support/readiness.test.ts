// The readiness channel between slow global setups and the files that need them (test/support/readiness.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { awaitReady, serveReadiness, type Readiness } from './readiness';

const open: Readiness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((readiness) => readiness.close()));
});
const serve = async <T>(work: Promise<T>, onFirstRequest?: () => void) => {
  const readiness = await serveReadiness('test', work, { pollMs: 20, onFirstRequest });
  open.push(readiness);
  return readiness;
};

describe('serveReadiness + awaitReady', () => {
  it('hands over the value once the work is done, to waiters that came before and after', async () => {
    let finish!: (value: { port: number }) => void;
    const readiness = await serve(new Promise<{ port: number }>((resolve) => (finish = resolve)));
    const early = awaitReady<{ port: number }>(readiness.url);
    setTimeout(() => finish({ port: 4321 }), 50);
    await expect(early).resolves.toEqual({ port: 4321 });
    await expect(awaitReady(readiness.url)).resolves.toEqual({ port: 4321 });
  });

  it("fails the waiter with the setup's own error", async () => {
    const readiness = await serve(Promise.reject(new Error('gcloud: the Firestore emulator exited (code 1)')));
    await expect(awaitReady(readiness.url)).rejects.toThrow(
      /global setup this file needs failed[\s\S]*the Firestore emulator exited \(code 1\)/,
    );
  });

  it('tells the setup once, when the first file asks, and not before', async () => {
    let asked = 0;
    const readiness = await serve(Promise.resolve('built'), () => (asked += 1));
    expect(asked).toBe(0);
    await expect(awaitReady(readiness.url)).resolves.toBe('built');
    await expect(awaitReady(readiness.url)).resolves.toBe('built');
    expect(asked).toBe(1);
  });

  it('gives up after its timeout while the work is still running', async () => {
    const readiness = await serve(new Promise(() => {}));
    await expect(awaitReady(readiness.url, 100)).rejects.toThrow(/was not ready after 0.1 s/);
  });
});
