// `npm run bench:server`: autocannon on loopback against POST /create-checkout-session, served by the real app
// of server/app.ts in a child process (autocannon here: two processes sharing the cores) with the simulated provider,
// the real firebase-admin token verifier against an Auth emulator (its 60 s cache warm after the first request),
// the seed catalog warm, an IN-MEMORY checkout store (one emulator write per request would measure the emulator)
// and logger level "warn". Writes the backend section of docs/performance.md (scripts/bench/doc.ts).
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { execa } from 'execa';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { catalog } from '../../seed/seedCatalog';
import { ROOT } from '../lib/children';
import { findFreePort, startEmulators } from '../lib/emulators';
import { writeDocSection } from './doc';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const TARGET = { reqPerSec: 5_000, p99Ms: 50 };

/** The child: the backend app with the bench's dependencies, listening on BENCH_PORT. */
async function runTarget() {
  const { initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const { buildServer } = await import('../../server/app');
  const { createFirebaseTokenVerifier } = await import('../../server/auth/tokenVerifier');
  const { createSimulatedProvider } = await import('../../server/payments/simulated');
  const { createMemoryStore } = await import('../../server/store/memorySessionStore');
  const port = Number(process.env.BENCH_PORT);
  const firebase = initializeApp({ projectId: process.env.GCLOUD_PROJECT }, 'bench');
  const app = await buildServer({
    storefrontUrl: 'http://localhost:1234',
    catalog: memoryCatalog(catalog),
    catalogCacheTtlMs: 60_000,
    payments: createSimulatedProvider({ publicUrl: `http://127.0.0.1:${port}` }),
    store: createMemoryStore(),
    verifier: createFirebaseTokenVerifier({ auth: getAuth(firebase), cacheTtlMs: 60_000 }),
    rateLimit: { max: 1_000_000_000, timeWindowMs: 60_000 },
    logger: { level: 'warn' },
  });
  await app.listen({ port, host: '127.0.0.1' });
  // The parent asks for our CPU time around the measurement (CPU per request is steadier than req/s on a busy machine).
  process.on('message', () => process.send?.(process.cpuUsage()));
  process.send?.('ready');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

export interface BackendFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  load: number;
  cpuPerRequestUs: number;
  verdict: 'met' | 'NOT met';
}

/** Measures, prints the summary and writes the doc section. */
export async function benchBackend(): Promise<BackendFigures> {
  console.log('starting the Auth emulator (free ports)…');
  const emulators = await startEmulators({ only: ['auth'] });
  const port = await findFreePort();
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const child = execa(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--target'], {
    cwd: ROOT,
    env: {
      BENCH_PORT: String(port),
      GCLOUD_PROJECT: emulators.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: emulators.authHost,
    },
    ipc: true,
    stdout: 'ignore',
    stderr: 'inherit',
    reject: false,
  });
  const serverCpu = async () => {
    await child.sendMessage('cpu');
    return (await child.getOneMessage()) as unknown as NodeJS.CpuUsage;
  };
  try {
    await child.getOneMessage(); // 'ready' (it rejects if the target exits first)
    const signUp = await fetch(
      `http://${emulators.authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench@example.com', password: 'segredo123', returnSecureToken: true }),
      },
    );
    const { idToken } = (await signUp.json()) as { idToken: string };
    // A realistic cart as the storefront sends it: whole cart items, prices included (and ignored), and the
    // delivery chosen (the server quotes the frete again from its catalog on every request).
    const products = catalog.slice(0, 3).map((category, i) => ({ ...category.products[i]!, quantity: i + 1 }));
    const delivery = { cep: '20040-002', service: 'expressa' };
    const request = {
      url: `http://127.0.0.1:${port}/create-checkout-session`,
      method: 'POST' as const,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${idToken}`,
        origin: 'http://localhost:1234',
      },
      body: JSON.stringify({ products, delivery }),
    };
    const probe = await fetch(request.url, request);
    if (probe.status !== 200) throw new Error(`probe answered ${probe.status}: ${await probe.text()}`);
    console.log('warm-up 3 s…');
    await autocannon({ ...request, connections: CONNECTIONS, duration: 3 });
    // The machine is shared: say how busy it was, or the figures mean little.
    const loadBefore = loadavg()[0]!;
    console.log(
      `measuring: ${CONNECTIONS} connections, ${DURATION_S} s (1-min load average ${loadBefore.toFixed(1)})…`,
    );
    const cpuBefore = await serverCpu();
    const result = await autocannon({ ...request, connections: CONNECTIONS, duration: DURATION_S });
    const cpuAfter = await serverCpu();
    const cpuMicros = cpuAfter.user - cpuBefore.user + (cpuAfter.system - cpuBefore.system);
    const reqPerSec = Math.round(result.requests.average);
    const failures = result.non2xx + result.errors + result.timeouts;
    const f: BackendFigures = {
      reqPerSec,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      failures,
      load: Math.max(loadBefore, loadavg()[0]!),
      cpuPerRequestUs: Math.round(cpuMicros / result.requests.total),
      verdict: reqPerSec >= TARGET.reqPerSec && result.latency.p99 < TARGET.p99Ms && failures === 0 ? 'met' : 'NOT met',
    };
    console.log(
      `req/s ${f.reqPerSec}  p50 ${f.p50} ms  p99 ${f.p99} ms  (${f.requests} requests, ${f.failures} failures, load ${f.load.toFixed(1)}) — target ${f.verdict}`,
    );
    console.log(
      `server CPU per request ${f.cpuPerRequestUs} µs (user + system) → at most ≈ ${Math.round(1e6 / f.cpuPerRequestUs)} req/s on one free core`,
    );
    writeDoc(f);
    return f;
  } finally {
    child.kill('SIGTERM');
    await emulators.stop();
  }
}

function writeDoc(f: BackendFigures) {
  const cpu = cpus();
  writeDocSection(
    'backend',
    `## Backend

\`npm run bench:server\` — autocannon, ${CONNECTIONS} connections, ${DURATION_S} s (after a 3 s warm-up), loopback,
POST /create-checkout-session with a 3-line cart and a delivery (CEP and service, the frete quoted by the server), on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version},
with a 1-minute load average of ${f.load.toFixed(1)} at the start
(anything above ~0.5 means other work shared the cores).

| req/s | p50 | p99 | requests | failures | target (≥ ${TARGET.reqPerSec.toLocaleString('en')} req/s, p99 < ${TARGET.p99Ms} ms) |
|---|---|---|---|---|---|
| ${f.reqPerSec.toLocaleString('en')} | ${f.p50} ms | ${f.p99} ms | ${f.requests.toLocaleString('en')} | ${f.failures} | ${f.verdict} |

Server CPU per request (user + system, measured in the server process): **${f.cpuPerRequestUs} µs**, i.e. at most
≈ ${Math.round(1e6 / f.cpuPerRequestUs).toLocaleString('en')} req/s if the server had one core to itself.`,
  );
  console.log('wrote docs/performance.md (backend section)');
}

if (process.argv.includes('--target')) {
  runTarget().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchBackend().then(
    (f) => (process.exitCode = f.failures > 0 ? 1 : 0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
