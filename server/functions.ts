// The backend as a 2nd-gen Cloud Function behind Firebase Hosting (firebase.json rewrites its paths to `api`):
// the same Fastify app as `npm run server` (server/main.ts createBackend), built once per instance and handed
// each request. Bundled by scripts/lib/functionsBundle.ts into .functions/index.js (firebase.json
// functions.source), with a package.json listing the packages it imports.
//
// Settings: non-secret ones are params (set in .functions/.env.<project> by `npm run deploy`, or asked for by
// `firebase deploy`); the Stripe keys are Secret Manager secrets (`firebase functions:secrets:set …`), never
// in the bundle or in .env files.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { defineSecret, defineString } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import type { createBackend as CreateBackend } from './main';

const stripeSecretKey = defineSecret('STRIPE_SECRET_KEY');
const stripeWebhookSecret = defineSecret('STRIPE_WEBHOOK_SECRET');
/** https://<site>: the storefront and the backend share it (Hosting rewrites), so it is both URLs. */
const siteUrl = defineString('SITE_URL', {
  description: 'The shop’s public origin, e.g. https://club-clothing.web.app',
});
const paymentProvider = defineString('PAYMENT_PROVIDER', {
  default: 'stripe',
  input: { select: { options: [{ value: 'stripe' }, { value: 'simulated' }] } },
});

/** Folder of the bundle holding the storefront build's app-shell.html and 404.html. */
const FUNCTION_SITE_DIR = 'site';

type Backend = Awaited<ReturnType<typeof CreateBackend>>;
let backend: Promise<Backend> | null = null;

/** The settings from the params and secrets (the platform's own variables beside them). */
async function configFromParams() {
  const { loadConfig } = await import('./serverConfig');
  const site = siteUrl.value();
  const provider = paymentProvider.value();
  return loadConfig({
    ...process.env,
    // The platform's PORT (a number in Cloud Run, a socket path in the emulator) is not ours: we do not listen.
    PORT: '',
    HOST: '',
    STOREFRONT_URL: site,
    BACKEND_PUBLIC_URL: site,
    PAYMENT_PROVIDER: provider,
    // Secrets exist only when the function was deployed with them (and the simulated provider needs none).
    ...(provider === 'stripe'
      ? { STRIPE_SECRET_KEY: stripeSecretKey.value(), STRIPE_WEBHOOK_SECRET: stripeWebhookSecret.value() }
      : {}),
    // The platform's project, not ours to choose.
    GCLOUD_PROJECT: process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT,
    // The build's app shell and 404 page, copied beside the bundle (scripts/lib/functionsBundle.ts): catalog
    // pages Hosting has no file for are rendered here.
    STOREFRONT_DIST_DIR: join(import.meta.dirname, FUNCTION_SITE_DIR),
  });
}

async function startBackend(): Promise<Backend> {
  // Loaded on the first request, not at import: `firebase deploy` and the emulator import this file to discover
  // the function (10 s limit), and Fastify + firebase-admin + stripe take seconds on a busy machine.
  const [config, { createBackend }] = await Promise.all([configFromParams(), import('./main')]);
  const started = await createBackend(config, { cloudFunction: true });
  await started.app.ready();
  return started;
}

/** The instance's backend, built on first use; a failed start is tried again by the next call. */
function theBackend(): Promise<Backend> {
  backend ??= startBackend().catch((error: unknown) => {
    backend = null;
    throw error;
  });
  return backend;
}

export const api = onRequest(
  {
    region: 'southamerica-east1',
    // The search index of 100,000 products holds about 100 MB, and two exist while one is rebuilt (docs/searching.md).
    memory: '1GiB',
    cpu: 1,
    concurrency: 80,
    // One warm instance: the first checkout of the day does not wait for a cold start (~1–2 s of Fastify +
    // firebase-admin). Ten at most: a flood costs at most ten instances (the per-IP and per-shopper limits
    // answer 429 long before).
    minInstances: 1,
    maxInstances: 10,
    timeoutSeconds: 30,
    invoker: 'public',
    secrets: [stripeSecretKey, stripeWebhookSecret],
  },
  async (req, res) => {
    const { app } = await theBackend();
    app.routing(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  },
);

/**
 * Checkout sessions past their deadline give their units back (server/expirySweep.ts): a function instance has no
 * long-running timer, so Cloud Scheduler asks every 5 minutes. Only the store and the provider are opened, not the
 * HTTP app. A sweep ends its batch well within the limit; a backlog is worked off by the next runs.
 */
export const expireCheckouts = onSchedule(
  {
    schedule: 'every 5 minutes',
    region: 'southamerica-east1',
    memory: '256MiB',
    timeoutSeconds: 120,
    maxInstances: 1,
    secrets: [stripeSecretKey, stripeWebhookSecret],
  },
  async () => {
    const [config, { sweepOnce }] = await Promise.all([configFromParams(), import('./main')]);
    await sweepOnce(config, logger);
  },
);
