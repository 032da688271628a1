// Starts the real emulators once per test file (free ports) and stops them in afterAll, even on failure.
// Locally, a machine without Java / the Firestore JAR skips the emulator-backed files with a clear reason;
// under CI=true the same situation is a failure (the suite must run, not skip).
import { afterAll, beforeAll } from 'vitest';
import { resolve } from 'node:path';
import {
  EmulatorPrerequisiteError,
  findFirestoreJar,
  findJava,
  startEmulators,
  type RunningEmulators,
  type StartEmulatorsOptions,
} from '../../../scripts/lib/emulators';

export const RULES_FILE = resolve(import.meta.dirname, '..', '..', '..', 'firestore.rules');
const CI = process.env.CI === 'true' || process.env.CI === '1';

/** Why the emulators cannot run here, or null when they can (or when CI demands that they do). */
export function emulatorsUnavailable(only: StartEmulatorsOptions['only'] = ['auth', 'firestore']): string | null {
  if (CI || !only.includes('firestore')) return null;
  try {
    findJava();
    findFirestoreJar();
    return null;
  } catch (error) {
    if (error instanceof EmulatorPrerequisiteError) {
      console.warn(`Skipping emulator tests (set CI=true to make this a failure): ${error.message}`);
      return error.message;
    }
    throw error;
  }
}

/** Registers beforeAll/afterAll; call `emulators()` inside tests. */
export function useEmulators(options: StartEmulatorsOptions = {}): () => RunningEmulators {
  let running: RunningEmulators | undefined;
  beforeAll(async () => {
    running = await startEmulators({ rulesFile: RULES_FILE, ...options });
  }, 200_000);
  afterAll(async () => {
    await running?.stop();
  }, 30_000);
  return () => {
    if (!running) throw new Error('emulators did not start');
    return running;
  };
}
