// `npm run deploy`: the production build (scripts/build-prod.ts: settings check, Parcel, prerender from the real
// catalog, firebase.deploy.json with the CSP, the function bundle), then
//   firebase deploy --config firebase.deploy.json --only hosting,functions,firestore:rules,firestore:indexes
// Needs a real project: `firebase login` (or GOOGLE_APPLICATION_CREDENTIALS), the settings of README "Produção",
// the Stripe secrets in Secret Manager. `--dry-run` stops before `firebase deploy` and prints it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { execa } from 'execa';
import { buildProduction } from './build-prod';
import { runScript } from './lib/cli';
import { FIREBASE_CLI } from './lib/emulators';
import { FUNCTIONS_DIR } from './lib/functionsBundle';
import { ProductionConfigError } from './lib/productionConfig';
import { ROOT } from './lib/stack';
import { DEPLOY_CONFIG } from './hostingConfig';

export const DEPLOY_TARGETS = 'hosting,functions,firestore:rules,firestore:indexes';

const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });
await runScript(import.meta.url, 'deploy', async () => {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Never the preview's exception, never an emulator: the deployed bundle talks to the real project only.
  delete env.CLUB_PREVIEW_EMULATORS;
  for (const name of ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST']) {
    if (env[name])
      throw new ProductionConfigError([
        `${name} is set ("${env[name]}"): the deploy prerenders the real catalog; unset it`,
      ]);
  }
  const projectId = env.FIREBASE_PROJECT_ID?.trim() ?? '';
  env.GCLOUD_PROJECT ||= projectId; // the prerender reads the catalog of this project
  await buildProduction({ env });
  // The function's non-secret params (server/functions.ts); the Stripe keys are secrets, not here.
  writeFileSync(
    join(FUNCTIONS_DIR, `.env.${projectId}`),
    `SITE_URL=${env.SITE_ORIGIN!.trim()}\nPAYMENT_PROVIDER=stripe\n`,
  );
  const args = [FIREBASE_CLI, 'deploy', '--config', DEPLOY_CONFIG, '--project', projectId, '--only', DEPLOY_TARGETS];
  if (values['dry-run']) {
    console.log(`deploy (dry run): node ${args.join(' ')}`);
  } else {
    await execa(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' });
  }
});
