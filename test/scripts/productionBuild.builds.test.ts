// The production bundle carries nothing local: no 127.0.0.1, no demo- project, no secret key. The run's
// production build (test/support/builds.globalSetup.ts: Parcel with valid-looking fake production settings) is
// searched; the same grep over the run's local build finds 127.0.0.1 (so the check can fail). The settings
// check runs before Parcel and names each bad setting.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { productionConfigProblems } from '../../scripts/lib/productionConfig';
import { ROOT } from '../../scripts/lib/stack';
import { FAKE_PRODUCTION_ENV as FAKE_PRODUCTION, useBuilds } from '../support/builds';

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every file of the build that contains `needle` (text search over the bytes). */
function containing(dir: string, needle: string | RegExp): string[] {
  return filesOf(dir).filter((file) => {
    const text = readFileSync(file).toString('latin1');
    return typeof needle === 'string' ? text.includes(needle) : needle.test(text);
  });
}

describe('production settings check', () => {
  it('accepts complete production settings', () => {
    expect(productionConfigProblems(FAKE_PRODUCTION)).toEqual([]);
  });

  it.each([
    ['FIREBASE_API_KEY', '', /FIREBASE_API_KEY is missing/],
    ['FIREBASE_PROJECT_ID', 'demo-club-clothing', /FIREBASE_PROJECT_ID is a demo project/],
    ['FIREBASE_AUTH_DOMAIN', '127.0.0.1:9099', /FIREBASE_AUTH_DOMAIN points at this machine/],
    ['FIREBASE_AUTH_DOMAIN', 'localhost', /FIREBASE_AUTH_DOMAIN points at this machine/],
    ['BACKEND_URL', 'http://localhost:5000', /BACKEND_URL points at this machine/],
    ['SITE_ORIGIN', 'http://club.example', /SITE_ORIGIN must be the public https origin/],
    ['USE_FIREBASE_EMULATORS', 'true', /USE_FIREBASE_EMULATORS is on/],
  ])('refuses %s=%j, naming it', (name, value, message) => {
    const problems = productionConfigProblems({ ...FAKE_PRODUCTION, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('npm run build:prod stops before Parcel with the names of the missing settings', async () => {
    const env = { ...process.env, ...FAKE_PRODUCTION, FIREBASE_APP_ID: '', FIREBASE_PROJECT_ID: 'demo-x' };
    const result = await execa(process.execPath, ['--import', 'tsx', 'scripts/build-prod.ts'], {
      cwd: ROOT,
      env,
      reject: false,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/FIREBASE_APP_ID is missing/);
    expect(result.stderr).toMatch(/FIREBASE_PROJECT_ID is a demo project setting \("demo-x"\)/);
    expect(result.stdout).not.toMatch(/Parcel/);
  }, 60_000); // a node + tsx start, slow on a busy machine
});

describe('the production bundle', () => {
  const builds = useBuilds();

  it('has no 127.0.0.1, no demo- project and no secret key in any file', () => {
    expect(filesOf(builds.production).length).toBeGreaterThan(3);
    expect(containing(builds.production, '127.0.0.1')).toEqual([]);
    expect(containing(builds.production, 'localhost:')).toEqual([]);
    // One `demo-` is not ours: @firebase/util's createMockUserToken (emulator-only code) defaults its project to
    // "demo-project", and Parcel keeps it in the shared chunk. Any other `demo-` (a setting) fails.
    expect(containing(builds.production, /demo-(?!project")/)).toEqual([]);
    expect(containing(builds.production, /sk_(test|live)_/)).toEqual([]);
    // …and it does carry the production settings.
    expect(containing(builds.production, FAKE_PRODUCTION.FIREBASE_PROJECT_ID).length).toBeGreaterThan(0);
  });

  it('the same check fails on a local build (so it can fail)', () => {
    expect(containing(builds.local, '127.0.0.1').length).toBeGreaterThan(0);
    expect(containing(builds.local, 'demo-').length).toBeGreaterThan(0);
  });
});
