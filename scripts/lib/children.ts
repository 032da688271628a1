// Long-running children of the local stack (emulators, backend, Parcel), run by execa. Each is detached into
// its own process group, so a stop reaches its grandchildren too (tsx, Parcel workers, gcloud's Java) and a
// terminal Ctrl-C reaches only us: the launcher decides the order things stop in.
import { execa } from 'execa';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import waitOn from 'wait-on';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface ManagedChild {
  /**
   * Its pid, which is also its process group's id (it runs detached): `process.kill(-pid, 'SIGSTOP')` pauses it
   * with every process it started (the fault suite, test/faults/, hangs the emulators and the backend this way).
   */
  pid: number | undefined;
  /** The last lines of its output, for error messages. */
  output: string[];
  /** Resolves with the exit code (null when killed by a signal, -1 when it could not start). */
  exited: Promise<number | null>;
  isRunning(): boolean;
  /** Sends its stop signal (SIGKILL 10 s later), then sweeps what is left of its process group. */
  stop(): Promise<void>;
  tail(lines?: number): string;
}

// execa's `cleanup` does not apply to detached children: this is the last resort when we die without stopping them.
const liveGroups = new Set<number>();
const killGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    /* the group is gone */
  }
};
const groupExists = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function waitUntilGroupGone(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (groupExists(pid) && Date.now() < deadline) await sleep(25);
}
process.once('exit', () => liveGroups.forEach((pid) => killGroup(pid, 'SIGKILL')));

/** Runs `file` in ROOT (or `cwd`) with our environment plus `env`. */
export function spawnChild(
  file: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; log?: (line: string) => void; stopSignal?: NodeJS.Signals },
): ManagedChild {
  const subprocess = execa(file, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env,
    detached: true,
    stdin: 'ignore',
    all: true,
    buffer: false,
    reject: false,
    killSignal: options.stopSignal ?? 'SIGTERM',
    forceKillAfterDelay: 10_000,
  });
  const pid = subprocess.pid;
  if (pid !== undefined) liveGroups.add(pid);
  const output: string[] = [];
  const remember = (line: string) => {
    if (!line.trim()) return;
    output.push(line);
    if (output.length > 200) output.shift();
    options.log?.(line);
  };
  void (async () => {
    for await (const line of subprocess.iterable({ from: 'all' })) remember(line);
  })().catch(() => {});
  let running = true;
  const exited = subprocess.then((result) => {
    running = false;
    if (pid !== undefined) liveGroups.delete(pid);
    if (result.exitCode === undefined && !result.signal) remember(String(result.message));
    return result.exitCode ?? (result.signal ? null : -1);
  });
  return {
    pid,
    output,
    exited,
    isRunning: () => running,
    async stop() {
      if (pid === undefined) return;
      if (running) {
        subprocess.kill();
        await exited;
      }
      killGroup(pid, 'SIGKILL'); // workers and grandchildren that outlived their parent
      // SIGKILL is delivered asynchronously: a large JVM (gcloud's Firestore emulator) can still hold its port
      // for a moment, and a caller that restarts on the same ports (npm start after Ctrl-C, the stack test)
      // must find them free. Bounded: a zombie nobody reaps still answers kill(-pid, 0).
      await waitUntilGroupGone(pid, 5_000);
    },
    tail: (lines = 20) => output.slice(-lines).join('\n'),
  };
}

type Polling = { simultaneous?: number; httpTimeout?: number; interval?: number };

/** Resolves when every resource (wait-on syntax: `http-get://127.0.0.1:5000/health`) answers; fails as soon as the child exits. */
export async function waitUntilServing(
  child: ManagedChild,
  resources: string[],
  what: string,
  timeoutMs = 150_000,
  polling: Polling = {},
): Promise<void> {
  const ready = waitOn({
    resources,
    timeout: timeoutMs,
    interval: 200,
    window: 0,
    httpTimeout: 2_000,
    proxy: false,
    ...polling,
  }).then(
    () => 'ready' as const,
    () => 'timeout' as const,
  );
  const outcome = await Promise.race([ready, child.exited.then(() => 'exited' as const)]);
  if (outcome === 'exited')
    throw new Error(`${what} exited (code ${await child.exited}) before it was ready:\n${child.tail()}`);
  if (outcome === 'timeout') throw new Error(`${what} was not ready after ${timeoutMs / 1000} s:\n${child.tail()}`);
}

/** Resolves once the child has printed a line containing `text` (for a server whose port answers before it is ready). */
export async function waitForLine(child: ManagedChild, text: string, what: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!child.output.some((line) => line.includes(text))) {
    if (!child.isRunning())
      throw new Error(`${what} exited (code ${await child.exited}) before it was ready:\n${child.tail()}`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready after ${timeoutMs / 1000} s:\n${child.tail()}`);
    await sleep(200);
  }
}
