// `npm start`: the whole shop on this machine, offline — Firebase emulators (data kept in .emulator-data/),
// the catalog seeded if empty, the backend, and the built storefront on http://localhost:1234.
// `npm run dev`: the same with Parcel's dev server (HMR) instead of a production build.
// Ctrl-C stops everything; the emulators save their data first. See docs/local-stack.md.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EmulatorPrerequisiteError } from './lib/emulators';
import { PortInUseError } from './lib/ports';
import { DEFAULT_CARRIER_SECONDS, parseCarrierSeconds } from './lib/carrierOption';
import { DEFAULT_PORTS, ROOT, startLocalStack, type LocalStack } from './lib/stack';

const USAGE = `usage: npm start [-- options]   |   npm run dev [-- options]
  --dev                    Parcel's dev server with HMR instead of build + static server
  --port <n>               storefront port (default ${DEFAULT_PORTS.storefront})
  --backend-port <n>       backend port (default ${DEFAULT_PORTS.backend})
  --auth-port <n>          Auth emulator port (default ${DEFAULT_PORTS.auth})
  --firestore-port <n>     Firestore emulator port (default ${DEFAULT_PORTS.firestore})
  --data-dir <dir>         where the emulators keep their data (default .emulator-data)
  --carrier <seconds>      the simulated carrier moves each paid order one step every <seconds>
                           (Pago → Em separação → Enviado → Entregue; default ${DEFAULT_CARRIER_SECONDS}, 0 turns it off)
  --verbose                show every line the emulators, backend and Parcel print`;

function port(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new UsageError(`${flag} must be a port number, not "${value}"`);
  return n;
}

class UsageError extends Error {}

function carrierSeconds(value: string | undefined): number {
  const seconds = parseCarrierSeconds(value);
  if (typeof seconds === 'string') throw new UsageError(seconds);
  return seconds;
}

/**
 * The simulated carrier (scripts/lib/simulatedCarrier.ts) on the stack's Firestore emulator, loaded only when it
 * runs: firebase-admin is not needed to start the shop.
 */
async function startCarrier(projectId: string, firestorePort: number, seconds: number) {
  const [{ openFirestore }, { createFirestoreStore }, { startSimulatedCarrier }] = await Promise.all([
    import('./lib/firestoreAdmin'),
    import('../server/store/firestoreSessionStore'),
    import('./lib/simulatedCarrier'),
  ]);
  const admin = openFirestore({ kind: 'emulator', projectId, host: `127.0.0.1:${firestorePort}` });
  const carrier = startSimulatedCarrier({
    store: createFirestoreStore({ firestore: admin.db }),
    stepEveryMs: seconds * 1000,
    report: (line) => console.log(`• ${line}`),
  });
  return {
    async stop() {
      await carrier.stop();
      await admin.close();
    },
  };
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        dev: { type: 'boolean', default: false },
        port: { type: 'string' },
        'backend-port': { type: 'string' },
        'auth-port': { type: 'string' },
        'firestore-port': { type: 'string' },
        'data-dir': { type: 'string' },
        carrier: { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }

  const started = Date.now();
  const startup = new AbortController();
  let starting: Promise<LocalStack> | null = null;
  let stack: LocalStack | null = null;
  let carrier: { stop(): Promise<void> } | null = null;
  let stopping = false;
  // Children run in their own process groups: a Ctrl-C reaches only us, and we stop them in order.
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.log('\nQuitting without waiting for the children to stop.');
      process.exit(130);
    }
    stopping = true;
    console.log(`\n${signal}: stopping the storefront, the backend and the emulators (saving their data)…`);
    startup.abort(); // during startup: startLocalStack stops what it has started, then rejects
    await carrier?.stop();
    // A step that cannot be interrupted must not keep us waiting forever: give startup 20 s to unwind.
    const unwound = starting?.catch(() => null) ?? Promise.resolve(null);
    const running =
      stack ?? (await Promise.race([unwound, new Promise<null>((r) => setTimeout(() => r(null), 20_000))]));
    await running?.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const ports = {
      storefront: port(args.port, DEFAULT_PORTS.storefront, '--port'),
      backend: port(args['backend-port'], DEFAULT_PORTS.backend, '--backend-port'),
      auth: port(args['auth-port'], DEFAULT_PORTS.auth, '--auth-port'),
      firestore: port(args['firestore-port'], DEFAULT_PORTS.firestore, '--firestore-port'),
    };
    const dataDir = args['data-dir'] ? resolve(args['data-dir']) : join(ROOT, '.emulator-data');
    const carrierEvery = carrierSeconds(args.carrier);
    const verbose = args.verbose;
    starting = startLocalStack({
      signal: startup.signal,
      ports,
      dataDir,
      storefront: args.dev ? 'dev' : 'build',
      backendEnv: { LOG_LEVEL: process.env.LOG_LEVEL ?? (verbose ? 'info' : 'warn') },
      notice: (line) => console.log(`• ${line}`),
      // Without --verbose only warnings and errors get through (a crashed child must not fail silently).
      log: (line) => {
        if (verbose || /\b(error|exception|fatal|warn(ing)?)\b|"level":(4|5|6)0/i.test(line)) console.log(`  ${line}`);
      },
    });
    stack = await starting;
    if (stopping) return -1; // shutdown() is stopping it and will exit
    if (carrierEvery > 0) carrier = await startCarrier(stack.projectId, stack.ports.firestore, carrierEvery);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const line = '─'.repeat(64);
    console.log(
      [
        '',
        line,
        `  Club Clothing is running${args.dev ? ' (dev server, hot reload)' : ''} — ready in ${seconds} s`,
        '',
        `  Loja (storefront)     ${stack.urls.storefront}`,
        `  Backend               ${stack.urls.backend ?? '(not started)'}`,
        `  Auth emulator         ${stack.urls.authEmulator}`,
        `  Firestore emulator    ${stack.urls.firestoreEmulator}`,
        `  Emulator data         ${dataDir}`,
        `  Simulated carrier     ${carrierEvery > 0 ? `one step of each paid order every ${carrierEvery} s (--carrier 0: off)` : 'off'}`,
        '',
        '  Ctrl-C stops everything (the emulators save their data first).',
        line,
        '',
      ].join('\n'),
    );
    return -1; // keep running until a signal
  } catch (error) {
    if (stopping) return -1; // shutdown() exits once everything has stopped
    if (error instanceof PortInUseError || error instanceof EmulatorPrerequisiteError || error instanceof UsageError) {
      console.error(`\n✖ ${error.message}`);
      if (error instanceof UsageError) console.error(USAGE);
      return 1;
    }
    console.error(
      `\n✖ The local stack did not start:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 1;
  }
}

const code = await main();
if (code >= 0) process.exit(code);
