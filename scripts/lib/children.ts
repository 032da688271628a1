// Long-running child processes of the local stack (backend, Parcel), each in its own process group so a
// stop reaches its grandchildren too (tsx and Parcel spawn workers) and a terminal Ctrl-C reaches only us:
// the launcher decides the order things stop in.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ManagedChild {
  name: string;
  process: ChildProcess;
  /** The last lines of its output, for error messages. */
  output: string[];
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  isRunning(): boolean;
  /** Signals the group, waits for the exit, SIGKILLs after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<void>;
  tail(lines?: number): string;
}

const live = new Set<ManagedChild>();
let hooked = false;

/** Signals a detached child's whole process group (its workers too); falls back to the child alone. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; log?: (line: string) => void },
): ManagedChild {
  if (!hooked) {
    hooked = true;
    // Last resort when the parent dies without stopping us (an uncaught error, a test runner's exit).
    process.on('exit', () => {
      for (const child of live) killGroup(child.process, 'SIGKILL');
    });
  }
  const proc = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split(/\r?\n/)) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 200) output.shift();
      options.log?.(line);
    }
  };
  proc.stdout?.on('data', onData);
  proc.stderr?.on('data', onData);
  let running = true;
  const exited = new Promise<number | null>((resolve) => {
    proc.once('exit', (code) => {
      running = false;
      live.delete(child);
      resolve(code);
    });
    proc.once('error', (error) => {
      output.push(String(error));
      running = false;
      live.delete(child);
      resolve(-1);
    });
  });
  const child: ManagedChild = {
    name,
    process: proc,
    output,
    exited,
    isRunning: () => running,
    async stop(signal = 'SIGTERM', timeoutMs = 10_000) {
      if (!running) return;
      killGroup(proc, signal);
      const timer = setTimeout(() => killGroup(proc, 'SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
    tail: (lines = 20) => output.slice(-lines).join('\n'),
  };
  live.add(child);
  return child;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `ready()` until true; fails as soon as the child exits, or after `timeoutMs`. */
export async function waitForChild(
  child: ManagedChild,
  ready: () => Promise<boolean>,
  what: string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.isRunning()) {
      throw new Error(`${what} exited (code ${await child.exited}) before it was ready:\n${child.tail()}`);
    }
    if (await ready().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s:\n${child.tail()}`);
}

/** Resolves when the child exits with code 0; otherwise throws with the tail of its output. */
export async function expectSuccess(child: ManagedChild, what: string): Promise<void> {
  const code = await child.exited;
  if (code !== 0) throw new Error(`${what} failed (exit code ${code}):\n${child.tail(40)}`);
}
