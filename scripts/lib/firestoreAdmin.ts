// A firebase-admin Firestore client for scripts and tests: the emulator at a given host (no credentials;
// the SDK sends `Bearer owner`, which bypasses rules) or a real project through Application Default
// Credentials. Each call makes its own named app so several can live in one process.
import { randomUUID } from 'node:crypto';
import { applicationDefault, cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { DEFAULT_PORTS, DEMO_PROJECT_ID, LOOPBACK_HOST } from '../../src/sharedConstants';

export const DEFAULT_PROJECT_ID = DEMO_PROJECT_ID;

export type FirestoreTarget =
  | { kind: 'emulator'; projectId: string; host: string }
  /** `credentialsFile`: a service-account key file given in an environment other than this process's. */
  | { kind: 'project'; projectId: string; credentialsFile?: string };

export interface AdminFirestore {
  db: Firestore;
  close(): Promise<void>;
}

let appCounter = 0;

export function openFirestore(target: FirestoreTarget): AdminFirestore {
  // Without credentials google-auth-library probes the GCE metadata server (169.254.169.254) for the
  // "universe domain" even when talking to the emulator. Offline and loopback-only: tell it not to.
  if (target.kind === 'emulator') process.env.METADATA_SERVER_DETECTION ??= 'none';
  // The counter alone is not enough: test global setups load this module once each, in one process.
  const name = `club-clothing-script-${process.pid}-${++appCounter}-${randomUUID()}`;
  const app: App =
    target.kind === 'emulator'
      ? initializeApp({ projectId: target.projectId }, name)
      : initializeApp(
          {
            projectId: target.projectId,
            credential: target.credentialsFile ? cert(target.credentialsFile) : applicationDefault(),
          },
          name,
        );
  const db = getFirestore(app);
  // FIRESTORE_EMULATOR_HOST, when set, wins inside the SDK anyway; settings make an explicit host work too.
  if (target.kind === 'emulator') db.settings({ host: target.host, ssl: false });
  return {
    db,
    async close() {
      await db.terminate();
      await deleteApp(app);
    },
  };
}

/** Runs `work` with a client of `target`, then closes it (waiting 2 s at most: a stopped emulator's client may hang). */
export async function withFirestore<T>(target: FirestoreTarget, work: (db: Firestore) => Promise<T>): Promise<T> {
  const admin = openFirestore(target);
  try {
    return await work(admin.db);
  } finally {
    await Promise.race([admin.close(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  }
}

/**
 * Where `npm run seed` writes, from the environment: FIRESTORE_EMULATOR_HOST → that emulator;
 * else GOOGLE_APPLICATION_CREDENTIALS → the real project GCLOUD_PROJECT; else the local emulator on 8080.
 */
export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): FirestoreTarget {
  const projectId = env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT || DEFAULT_PROJECT_ID;
  if (env.FIRESTORE_EMULATOR_HOST) return { kind: 'emulator', projectId, host: env.FIRESTORE_EMULATOR_HOST };
  if (env.GOOGLE_APPLICATION_CREDENTIALS) {
    if (!env.GCLOUD_PROJECT && !env.GOOGLE_CLOUD_PROJECT) {
      throw new Error('GOOGLE_APPLICATION_CREDENTIALS is set: also set GCLOUD_PROJECT to the project to seed.');
    }
    return {
      kind: 'project',
      projectId,
      ...(env === process.env ? {} : { credentialsFile: env.GOOGLE_APPLICATION_CREDENTIALS }),
    };
  }
  return { kind: 'emulator', projectId, host: `${LOOPBACK_HOST}:${DEFAULT_PORTS.firestore}` };
}

export function describeTarget(target: FirestoreTarget): string {
  return target.kind === 'emulator'
    ? `the Firestore emulator at ${target.host} (project ${target.projectId})`
    : `the Firestore of project ${target.projectId}`;
}
