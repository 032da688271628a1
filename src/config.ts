// Build-time settings, validated once. Parcel inlines `process.env.X` only when written literally, so every
// variable is spelled out below; the defaults are the local (emulator) mode of ARCHITECTURE §5.
import { boolean, create, defaulted, nonempty, object, refine, string, type Infer } from 'superstruct';

const Url = refine(nonempty(string()), 'Url', (value) => {
  try {
    const { protocol } = new URL(value);
    if (protocol === 'http:' || protocol === 'https:') return true;
  } catch {
    // fall through
  }
  return `expected an absolute http(s) URL, got "${value}"`;
});

const HostPort = refine(nonempty(string()), 'HostPort', (value) =>
  /^[^\s:/]+:\d{1,5}$/.test(value) ? true : `expected host:port, got "${value}"`,
);

export const ConfigStruct = object({
  backendUrl: defaulted(Url, 'http://localhost:5000'),
  firebase: object({
    apiKey: defaulted(nonempty(string()), 'demo-api-key'),
    authDomain: defaulted(nonempty(string()), 'demo-club-clothing.firebaseapp.com'),
    projectId: defaulted(nonempty(string()), 'demo-club-clothing'),
    appId: defaulted(nonempty(string()), 'demo-club-clothing-app'),
  }),
  useEmulators: defaulted(boolean(), true),
  authEmulatorUrl: defaulted(Url, 'http://127.0.0.1:9099'),
  firestoreEmulatorHost: defaulted(HostPort, '127.0.0.1:8080'),
});
export type Config = Infer<typeof ConfigStruct>;

/** Empty strings count as "not set", so `FOO= npm run build` falls back to the default. */
function env(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function flag(value: string | undefined): boolean | undefined {
  const v = env(value);
  return v === undefined ? undefined : v.toLowerCase() === 'true' || v === '1';
}

/** Parses raw settings; throws a StructError naming the bad field. Exported for tests. */
export function parseConfig(raw: {
  BACKEND_URL?: string;
  FIREBASE_API_KEY?: string;
  FIREBASE_AUTH_DOMAIN?: string;
  FIREBASE_PROJECT_ID?: string;
  FIREBASE_APP_ID?: string;
  USE_FIREBASE_EMULATORS?: string;
  AUTH_EMULATOR_URL?: string;
  FIRESTORE_EMULATOR_HOST?: string;
}): Config {
  return create(
    {
      backendUrl: env(raw.BACKEND_URL),
      firebase: {
        apiKey: env(raw.FIREBASE_API_KEY),
        authDomain: env(raw.FIREBASE_AUTH_DOMAIN),
        projectId: env(raw.FIREBASE_PROJECT_ID),
        appId: env(raw.FIREBASE_APP_ID),
      },
      useEmulators: flag(raw.USE_FIREBASE_EMULATORS),
      authEmulatorUrl: env(raw.AUTH_EMULATOR_URL),
      firestoreEmulatorHost: env(raw.FIRESTORE_EMULATOR_HOST),
    },
    ConfigStruct,
  );
}

export function loadConfig(): Config {
  return parseConfig({
    BACKEND_URL: process.env.BACKEND_URL,
    FIREBASE_API_KEY: process.env.FIREBASE_API_KEY,
    FIREBASE_AUTH_DOMAIN: process.env.FIREBASE_AUTH_DOMAIN,
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID,
    FIREBASE_APP_ID: process.env.FIREBASE_APP_ID,
    USE_FIREBASE_EMULATORS: process.env.USE_FIREBASE_EMULATORS,
    AUTH_EMULATOR_URL: process.env.AUTH_EMULATOR_URL,
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
  });
}
