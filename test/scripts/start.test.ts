// @vitest-environment node
// `npm start` smoke tests that need no emulator: the launcher refuses clearly, before starting anything,
// when a port is taken, when Java or the emulator JAR is missing, or when a flag is wrong.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../scripts/lib/emulators';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

async function start(args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
        timeout: 60_000,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

let taken: Server;
let ports: { storefront: number; backend: number; auth: number; firestore: number };
let dataDir: string;
const portArgs = () => [
  '--port',
  String(ports.storefront),
  '--backend-port',
  String(ports.backend),
  '--auth-port',
  String(ports.auth),
  '--firestore-port',
  String(ports.firestore),
  '--data-dir',
  dataDir,
];

beforeAll(async () => {
  ports = {
    storefront: await findFreePort(),
    backend: await findFreePort(),
    auth: await findFreePort(),
    firestore: await findFreePort(),
  };
  dataDir = join(mkdtempSync(join(tmpdir(), 'start-smoke-')), 'data');
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(ports.firestore, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => taken?.close(resolve));
  rmSync(join(dataDir, '..'), { recursive: true, force: true });
});

// Each test starts tsx cold in a child process: 11–18 s on a loaded machine, over 20 s beside another worker.
describe('npm start refuses clearly', { timeout: 60_000 }, () => {
  it('names the taken port and says what to do, before starting anything', async () => {
    const { code, output } = await start(portArgs());
    expect(code).toBe(1);
    expect(output).toContain(`Port ${ports.firestore} is already in use, so the Firestore emulator cannot start.`);
    expect(output).toContain(`lsof -i :${ports.firestore}`);
    expect(output).not.toContain('Starting the Firebase emulators');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('says what to install when gcloud (which runs the Firestore emulator) is missing', async () => {
    const { code, output } = await start(portArgs(), { PATH: join(dataDir, 'empty-bin') });
    expect(code).toBe(1);
    expect(output).toContain('gcloud was not found on the PATH');
    expect(output).toMatch(/Install Java 17\+ and the Cloud Firestore emulator: `apt-get install/);
    expect(output).not.toContain('Building the storefront');
  });

  it('rejects an unknown flag with the usage', async () => {
    const { code, output } = await start(['--prot', '1234']);
    expect(code).toBe(2);
    expect(output).toContain('usage: npm start');
  });
});
