// Whether this machine can run the end-to-end tests: Debian's Chromium and the emulators' prerequisites (gcloud's
// Firestore emulator, Java). Kept apart from e2e.ts, which imports vitest's test API, so the global setup can
// use it.
import { existsSync } from 'node:fs';
import { checkEmulatorPrerequisites, EmulatorPrerequisiteError } from '../../../scripts/lib/emulators';
import { TEST_CHROMIUM_PATH } from '../../../scripts/lib/chromium';

const CI = process.env.CI === 'true' || process.env.CI === '1';

/** Why this machine cannot start emulators (gcloud, Java), or null (always null under CI: then it must run and fail). */
export function emulatorsMissing(): string | null {
  if (CI) return null;
  try {
    checkEmulatorPrerequisites();
  } catch (error) {
    if (error instanceof EmulatorPrerequisiteError) return error.message;
    throw error;
  }
  return null;
}

/** Why the e2e suite cannot run on this machine, or null (always null under CI: then it must run and fail). */
export function e2eUnavailable(): string | null {
  if (CI) return null;
  if (!existsSync(TEST_CHROMIUM_PATH))
    return `no Chromium at ${TEST_CHROMIUM_PATH} (apt-get install chromium-headless-shell)`;
  return emulatorsMissing();
}
