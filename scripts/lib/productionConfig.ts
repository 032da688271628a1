// The production build refuses bad settings before Parcel runs (src/config.ts, mode CLUB_MODE=production):
// every Firebase setting given, none local (localhost, 127.0.0.1) or a demo project (`demo-…`, the emulators'
// offline projects), no emulator switched on, a BACKEND_URL (when given) on https. Each problem names its setting.
//
// `CLUB_PREVIEW_EMULATORS=true` is the one exception, for `npm run preview:prod` only: the production bundle,
// pointed at the local emulators. `npm run deploy` never passes it (scripts/deploy.ts removes it).

export const PRODUCTION_SETTINGS = ['FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN', 'FIREBASE_PROJECT_ID', 'FIREBASE_APP_ID'] as const;
const LOCAL_HOST = /(^|[/@.:])(localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])([:/]|$)/i;

export class ProductionConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The production build refuses these settings (CLUB_MODE=production):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ProductionConfigError';
  }
}

const value = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() ?? '';

/** The problems of a production build's environment; [] when it may build. */
export function productionConfigProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (value(env, 'CLUB_MODE') !== 'production') problems.push(`CLUB_MODE must be "production" (got "${value(env, 'CLUB_MODE')}")`);
  const preview = value(env, 'CLUB_PREVIEW_EMULATORS') === 'true';
  for (const name of PRODUCTION_SETTINGS) {
    const v = value(env, name);
    if (!v) problems.push(`${name} is missing (Firebase console → Project settings → Your apps → SDK setup and configuration)`);
    else if (!preview && LOCAL_HOST.test(v)) problems.push(`${name} points at this machine ("${v}")`);
    else if (!preview && /(^|[^a-z0-9])demo-/i.test(v)) problems.push(`${name} is a demo project setting ("${v}"): demo- projects exist only in the emulators`);
  }
  const backend = value(env, 'BACKEND_URL');
  if (backend && !preview) {
    if (LOCAL_HOST.test(backend)) problems.push(`BACKEND_URL points at this machine ("${backend}"); leave it empty for the same-origin backend`);
    else if (!backend.startsWith('https://')) problems.push(`BACKEND_URL must be https ("${backend}"); leave it empty for the same-origin backend`);
  }
  const site = value(env, 'SITE_ORIGIN');
  if (!site) problems.push('SITE_ORIGIN is missing: the shop\'s public origin, e.g. https://club-clothing.web.app (canonical URLs, sitemap)');
  else if (!preview && (LOCAL_HOST.test(site) || !site.startsWith('https://'))) problems.push(`SITE_ORIGIN must be the public https origin ("${site}")`);
  if (!preview && /^(true|1)$/i.test(value(env, 'USE_FIREBASE_EMULATORS'))) problems.push('USE_FIREBASE_EMULATORS is on: production talks to the real Firebase');
  return problems;
}

export function assertProductionConfig(env: NodeJS.ProcessEnv): void {
  const problems = productionConfigProblems(env);
  if (problems.length > 0) throw new ProductionConfigError(problems);
}
