// Ports, through get-port: "is this one free?" before anything starts (one clear message instead of an
// emulator's stack trace half a minute in), and free ones for tests and benchmarks.
import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import getPort from 'get-port';

export class PortInUseError extends Error {
  override name = 'PortInUseError';
  constructor(port: number, service: string) {
    super(
      `Port ${port} is already in use, so the ${service} cannot start. Is another \`npm start\` (or ` +
        `\`npm run dev\`) running? Stop it with Ctrl-C in its terminal, or find what holds the port with ` +
        `\`lsof -i :${port}\` (or \`ss -ltnp 'sport = :${port}'\`), or pick other ports (see docs/local-stack.md).`,
    );
  }
}

/**
 * True when we can listen on 127.0.0.1:port. Not get-port: it also skips the ports it handed out itself in
 * the last 15–30 s, and the ports of a stack on free ports are exactly those.
 */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer().unref();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** Throws PortInUseError for the first taken port. */
export async function assertPortsFree(ports: ReadonlyArray<{ port: number; service: string }>): Promise<void> {
  for (const { port, service } of ports) {
    if (!(await isPortFree(port))) throw new PortInUseError(port, service);
  }
}

// Below Linux's ephemeral range (32768–60999): a port the OS hands out to an outgoing connection (Chromium,
// fetch) could otherwise be taken between our probe and the real bind — seen once as EADDRINUSE in the e2e
// stack. Candidates in random order: parallel test workers (separate processes, separate get-port locks)
// must not all try 20000 first.
const FIRST_PORT = 20_000;
const LAST_PORT = 32_000;

/** A port nothing listens on, never handed out twice in this process (get-port's `reserve`). */
export function findFreePort(): Promise<number> {
  const candidates = Array.from({ length: 64 }, () => randomInt(FIRST_PORT, LAST_PORT + 1));
  return getPort({ port: candidates, reserve: true });
}
