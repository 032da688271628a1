// The scripts' settings, validated once, and the production build's check before Parcel runs. The storefront's
// settings are checked by the storefront's own schema (src/config.ts ConfigStruct, mode CLUB_MODE=production:
// every Firebase setting given), then by the production rules below: none local (localhost, 127.0.0.1) or a demo
// project (`demo-…`, the emulators' offline projects), no emulator switched on, a BACKEND_URL (when given) on
// https. Each problem names its setting.
//
// `CLUB_PREVIEW_EMULATORS=true` is the one exception, for `npm run preview:prod` only: the production bundle,
// pointed at the local emulators. `npm run deploy` never passes it (scripts/deploy.ts removes it).
import { boolean, object, optional, refine, string, validate, type Failure, type Struct } from 'superstruct';
import {
  configInput,
  ConfigStruct,
  PRODUCTION_DEFAULTS,
  SETTING_OF_FIELD,
  type Config,
  type RawConfig,
} from '../../src/config';

/** The storefront's variables (src/config.ts), as the production bundle is built with them. */
export const STOREFRONT_SETTINGS = Object.values(SETTING_OF_FIELD);
/** The four a production build must be given (Firebase console → Project settings → Your apps). */
export const PRODUCTION_SETTINGS = STOREFRONT_SETTINGS.filter((name) => name.startsWith('FIREBASE_'));
const LOCAL_HOST = /(^|[/@.:])(localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])([:/]|$)/i;
const DEMO = /(^|[^a-z0-9])demo-/i;

export class ProductionConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `The production build refuses these settings (CLUB_MODE=production):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ProductionConfigError';
  }
}

const value = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() ?? '';

/** The build scripts' own settings: the mode, the public origin (canonical URLs, sitemap), the preview switch. */
export const BuildSettingsStruct = object({
  CLUB_MODE: refine(
    string(),
    'mode',
    (mode) => mode === 'production' || `CLUB_MODE must be "production" (got "${mode}")`,
  ),
  SITE_ORIGIN: refine(
    string(),
    'origin',
    (origin) =>
      origin !== '' ||
      "SITE_ORIGIN is missing: the shop's public origin, e.g. https://club-clothing.web.app (canonical URLs, sitemap)",
  ),
  CLUB_PREVIEW_EMULATORS: boolean(),
});
export interface BuildSettings {
  mode: 'production';
  siteOrigin: string;
  /** `npm run preview:prod`: the production bundle against the local emulators. */
  preview: boolean;
}

/** A Firebase setting fit for a real project: not this machine, not a demo project. */
const deployable = (name: string) =>
  refine(string(), 'deployable', (setting) => {
    if (LOCAL_HOST.test(setting)) return `${name} points at this machine ("${setting}")`;
    if (DEMO.test(setting))
      return `${name} is a demo project setting ("${setting}"): demo- projects exist only in the emulators`;
    return true;
  });

/** What production adds to the storefront's schema (outside the preview). */
const ProductionRules: Struct<Config> = object({
  backendUrl: refine(string(), 'backendUrl', (url) => {
    if (url === '') return true;
    if (LOCAL_HOST.test(url))
      return `BACKEND_URL points at this machine ("${url}"); leave it empty for the same-origin backend`;
    return (
      url.startsWith('https://') || `BACKEND_URL must be https ("${url}"); leave it empty for the same-origin backend`
    );
  }),
  firebase: object({
    apiKey: deployable('FIREBASE_API_KEY'),
    authDomain: deployable('FIREBASE_AUTH_DOMAIN'),
    projectId: deployable('FIREBASE_PROJECT_ID'),
    appId: deployable('FIREBASE_APP_ID'),
  }),
  useEmulators: refine(
    boolean(),
    'useEmulators',
    (on) => !on || 'USE_FIREBASE_EMULATORS is on: production talks to the real Firebase',
  ),
  authEmulatorUrl: optional(string()),
  firestoreEmulatorHost: optional(string()),
});

/** A schema failure of the storefront's settings, named by its variable. */
function storefrontProblem(failure: Failure): string {
  const name = SETTING_OF_FIELD[failure.path.join('.') as keyof typeof SETTING_OF_FIELD] ?? failure.path.join('.');
  if (failure.value === undefined)
    return `${name} is missing (Firebase console → Project settings → Your apps → SDK setup and configuration)`;
  return `${name}: ${failure.message}`;
}

const failuresOf = (error: { failures(): Failure[] } | undefined) => error?.failures() ?? [];

/** One failure per setting (a union reports each of its members). */
function firstPerPath(failures: readonly Failure[]): Failure[] {
  const seen = new Set<string>();
  return failures.filter((failure) => {
    const path = failure.path.join('.');
    if (seen.has(path)) return false;
    seen.add(path);
    return true;
  });
}

/** The problems of a production build's environment, and its settings when there are none. */
export function checkProductionConfig(env: NodeJS.ProcessEnv): { problems: string[]; settings: BuildSettings | null } {
  const preview = value(env, 'CLUB_PREVIEW_EMULATORS') === 'true';
  const [buildError] = validate(
    { CLUB_MODE: value(env, 'CLUB_MODE'), SITE_ORIGIN: value(env, 'SITE_ORIGIN'), CLUB_PREVIEW_EMULATORS: preview },
    BuildSettingsStruct,
  );
  const problems = failuresOf(buildError).map((failure) => failure.message);
  const site = value(env, 'SITE_ORIGIN');
  if (site && !preview && (LOCAL_HOST.test(site) || !site.startsWith('https://')))
    problems.push(`SITE_ORIGIN must be the public https origin ("${site}")`);

  const raw = Object.fromEntries(STOREFRONT_SETTINGS.map((name) => [name, env[name]])) as RawConfig;
  const input = configInput(raw, PRODUCTION_DEFAULTS);
  const schemaFailures = firstPerPath(failuresOf(validate(input, ConfigStruct)[0]));
  problems.push(...schemaFailures.map(storefrontProblem));
  if (!preview) {
    // The settings the schema accepted, against the production rules: every problem is listed at once.
    const refused = new Set(schemaFailures.map((failure) => failure.path.join('.')));
    const rules = firstPerPath(failuresOf(validate(input, ProductionRules)[0])).filter(
      (failure) => !refused.has(failure.path.join('.')),
    );
    problems.push(...rules.map((failure) => failure.message));
  }
  return { problems, settings: problems.length === 0 ? { mode: 'production', siteOrigin: site, preview } : null };
}

/** The problems of a production build's environment; [] when it may build. */
export function productionConfigProblems(env: NodeJS.ProcessEnv): string[] {
  return checkProductionConfig(env).problems;
}

export function assertProductionConfig(env: NodeJS.ProcessEnv): BuildSettings {
  const { problems, settings } = checkProductionConfig(env);
  if (!settings) throw new ProductionConfigError(problems);
  return settings;
}
