// Build-time settings, validated once. Parcel inlines `process.env.X` only when written literally, so every
// variable is spelled out below. A local-mode page may carry settings of its own (RUNTIME_SETTINGS_ID, written by
// the local stack's prerender: one build serves stacks on any ports); they are validated with the build's. Two
// modes, chosen at build time by CLUB_MODE:
//   - local (the default, `npm start`): the emulators and the backend on :5000 (docs/requirements.md#calls);
//   - production (`CLUB_MODE=production`, `npm run build:prod`): every Firebase setting must be given, the
//     backend is same-origin (Hosting rewrites its paths to the Cloud Function). scripts/lib/productionConfig.ts
//     refuses a missing, local or demo setting before Parcel runs.
// Parcel folds `process.env.CLUB_MODE === 'production'`, so a production bundle carries no local default.
import { boolean, create, literal, nonempty, object, optional, refine, string, union, type Infer } from 'superstruct';
import { DEFAULT_PORTS, DEMO_PROJECT_ID, LOCAL_URLS, LOOPBACK_HOST } from './sharedConstants';

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
  /** '' = same origin (production: Hosting rewrites the backend's paths to the function). */
  backendUrl: union([Url, literal('')]),
  firebase: object({
    apiKey: nonempty(string()),
    authDomain: nonempty(string()),
    projectId: nonempty(string()),
    appId: nonempty(string()),
  }),
  useEmulators: boolean(),
  authEmulatorUrl: optional(Url),
  firestoreEmulatorHost: optional(HostPort),
});
export type Config = Infer<typeof ConfigStruct>;

export type ClubMode = 'local' | 'production';

/** Raw settings as the build gives them (process.env). */
export interface RawConfig {
  BACKEND_URL?: string;
  FIREBASE_API_KEY?: string;
  FIREBASE_AUTH_DOMAIN?: string;
  FIREBASE_PROJECT_ID?: string;
  FIREBASE_APP_ID?: string;
  USE_FIREBASE_EMULATORS?: string;
  AUTH_EMULATOR_URL?: string;
  FIRESTORE_EMULATOR_HOST?: string;
}

type Defaults = {
  backendUrl: string;
  firebase: { apiKey?: string; authDomain?: string; projectId?: string; appId?: string };
  useEmulators: boolean;
  authEmulatorUrl?: string;
  firestoreEmulatorHost?: string;
};

/**
 * The local mode (docs/local-stack.md): the emulators, backend on :5000. A function, so that a production bundle
 * (where Parcel folds the mode and nothing calls it) drops it whole: as an object, its reads of the shared
 * constants would keep the loopback address and the demo project in the bundle.
 */
export const localDefaults = (): Defaults => ({
  backendUrl: LOCAL_URLS.backend,
  firebase: {
    apiKey: 'demo-api-key',
    authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
    projectId: DEMO_PROJECT_ID,
    appId: `${DEMO_PROJECT_ID}-app`,
  },
  useEmulators: true,
  authEmulatorUrl: `http://${LOOPBACK_HOST}:${DEFAULT_PORTS.auth}`,
  firestoreEmulatorHost: `${LOOPBACK_HOST}:${DEFAULT_PORTS.firestore}`,
});

/** Production: no Firebase default at all (a missing setting fails), the backend on the same origin. */
export const PRODUCTION_DEFAULTS: Defaults = { backendUrl: '', firebase: {}, useEmulators: false };

/** Empty strings count as "not set", so `FOO= npm run build` falls back to the default. */
function env(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function flag(value: string | undefined): boolean | undefined {
  const v = env(value);
  return v === undefined ? undefined : v.toLowerCase() === 'true' || v === '1';
}

/** Which environment variable sets each field of Config (the production check names its problems by them). */
export const SETTING_OF_FIELD = {
  backendUrl: 'BACKEND_URL',
  'firebase.apiKey': 'FIREBASE_API_KEY',
  'firebase.authDomain': 'FIREBASE_AUTH_DOMAIN',
  'firebase.projectId': 'FIREBASE_PROJECT_ID',
  'firebase.appId': 'FIREBASE_APP_ID',
  useEmulators: 'USE_FIREBASE_EMULATORS',
  authEmulatorUrl: 'AUTH_EMULATOR_URL',
  firestoreEmulatorHost: 'FIRESTORE_EMULATOR_HOST',
} as const satisfies Record<string, keyof RawConfig>;

/** Raw settings over the mode's defaults, before validation: what ConfigStruct checks. */
export function configInput(raw: RawConfig, defaults: Defaults) {
  return {
    backendUrl: env(raw.BACKEND_URL) ?? defaults.backendUrl,
    firebase: {
      apiKey: env(raw.FIREBASE_API_KEY) ?? defaults.firebase.apiKey,
      authDomain: env(raw.FIREBASE_AUTH_DOMAIN) ?? defaults.firebase.authDomain,
      projectId: env(raw.FIREBASE_PROJECT_ID) ?? defaults.firebase.projectId,
      appId: env(raw.FIREBASE_APP_ID) ?? defaults.firebase.appId,
    },
    useEmulators: flag(raw.USE_FIREBASE_EMULATORS) ?? defaults.useEmulators,
    authEmulatorUrl: env(raw.AUTH_EMULATOR_URL) ?? defaults.authEmulatorUrl,
    firestoreEmulatorHost: env(raw.FIRESTORE_EMULATOR_HOST) ?? defaults.firestoreEmulatorHost,
  };
}

/** Parses raw settings over the mode's defaults; throws a StructError naming the bad field. Exported for tests. */
export function parseConfig(raw: RawConfig, defaults: Defaults): Config {
  return create(configInput(raw, defaults), ConfigStruct);
}

/** The id of a page's run-time settings: `<script type="application/json" id="club-settings">` (local mode only). */
export const RUNTIME_SETTINGS_ID = 'club-settings';

/** The settings block for a page: JSON safe inside <script> (no `</script>`, no `<!--`). */
export function runtimeSettingsScript(settings: RawConfig): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${RUNTIME_SETTINGS_ID}">${json}</script>`;
}

/**
 * The page's run-time settings ({} without a block). A block that is not JSON, or holds anything but the settings
 * of RawConfig as strings, throws like a bad build setting.
 */
export function runtimeSettings(doc: Pick<Document, 'getElementById'> | undefined): RawConfig {
  const text = doc?.getElementById(RUNTIME_SETTINGS_ID)?.textContent;
  if (!text) return {};
  const setting = optional(string());
  const RuntimeSettingsStruct = object({
    BACKEND_URL: setting,
    FIREBASE_API_KEY: setting,
    FIREBASE_AUTH_DOMAIN: setting,
    FIREBASE_PROJECT_ID: setting,
    FIREBASE_APP_ID: setting,
    USE_FIREBASE_EMULATORS: setting,
    AUTH_EMULATOR_URL: setting,
    FIRESTORE_EMULATOR_HOST: setting,
  });
  return create(JSON.parse(text) as unknown, RuntimeSettingsStruct);
}

/** The build's settings and, in local mode, the page's over them (`doc`: the page). */
export function loadConfig(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): Config {
  // Folded by Parcel: a production bundle never reads the page's block.
  const atRunTime = process.env.CLUB_MODE !== 'production' ? runtimeSettings(doc) : {};
  return parseConfig(
    {
      BACKEND_URL: process.env.BACKEND_URL,
      FIREBASE_API_KEY: process.env.FIREBASE_API_KEY,
      FIREBASE_AUTH_DOMAIN: process.env.FIREBASE_AUTH_DOMAIN,
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID,
      FIREBASE_APP_ID: process.env.FIREBASE_APP_ID,
      // A production bundle never reads the emulator settings (the build's FIRESTORE_EMULATOR_HOST is the
      // prerender's), except the preview of scripts/preview-prod.ts (CLUB_PREVIEW_EMULATORS=true).
      USE_FIREBASE_EMULATORS:
        process.env.CLUB_MODE !== 'production' || process.env.CLUB_PREVIEW_EMULATORS === 'true'
          ? process.env.USE_FIREBASE_EMULATORS
          : undefined,
      AUTH_EMULATOR_URL:
        process.env.CLUB_MODE !== 'production' || process.env.CLUB_PREVIEW_EMULATORS === 'true'
          ? process.env.AUTH_EMULATOR_URL
          : undefined,
      FIRESTORE_EMULATOR_HOST:
        process.env.CLUB_MODE !== 'production' || process.env.CLUB_PREVIEW_EMULATORS === 'true'
          ? process.env.FIRESTORE_EMULATOR_HOST
          : undefined,
      ...atRunTime,
    },
    process.env.CLUB_MODE === 'production' ? PRODUCTION_DEFAULTS : localDefaults(),
  );
}
