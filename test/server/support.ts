// Helpers for the backend's tests: emulator-style ID tokens, a token verifier fake for unit-level route tests,
// a test server and a session on its pay page, and a Stripe capture server.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, expect } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { buildServer, CHECKOUT_ROUTE, type ServerDeps } from '../../server/app';
import { InvalidTokenError, type TokenVerifier } from '../../server/auth/tokenVerifier';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createMemoryStore } from '../../server/store/memorySessionStore';

export const PROJECT_ID = 'demo-club-clothing';

/** An unsigned Firebase ID token as the Auth emulator issues them (header `{"alg":"none"}`, empty signature;
 * firebase-admin accepts it only while FIREBASE_AUTH_EMULATOR_HOST is set). */
export function emulatorIdToken({
  uid,
  email,
  projectId = PROJECT_ID,
  issuedAt = Math.floor(Date.now() / 1000),
  lifetimeSeconds = 3600,
}: {
  uid: string;
  email?: string;
  projectId?: string;
  issuedAt?: number;
  lifetimeSeconds?: number;
}): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: issuedAt,
    user_id: uid,
    sub: uid,
    iat: issuedAt,
    exp: issuedAt + lifetimeSeconds,
    ...(email ? { email, email_verified: false } : {}),
    firebase: { identities: email ? { email: [email] } : {}, sign_in_provider: 'password' },
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

/**
 * In-memory TokenVerifier for route tests: accepts exactly the emulator-style tokens above for our project,
 * unexpired. The real firebase-admin verifier is exercised against the Auth emulator in the integration test.
 */
export function fakeTokenVerifier(projectId = PROJECT_ID): TokenVerifier & { calls: number } {
  const verifier = {
    calls: 0,
    async verify(token: string) {
      verifier.calls += 1;
      const [, payload] = token.split('.');
      let claims: Record<string, unknown>;
      try {
        claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
      } catch (error) {
        throw new InvalidTokenError('not a JWT', { cause: error });
      }
      if (claims.aud !== projectId || claims.iss !== `https://securetoken.google.com/${projectId}`) {
        throw new InvalidTokenError('wrong project');
      }
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) throw new InvalidTokenError('expired');
      if (typeof claims.sub !== 'string' || !claims.sub) throw new InvalidTokenError('no subject');
      return { uid: claims.sub, email: typeof claims.email === 'string' ? claims.email : undefined };
    },
  };
  return verifier;
}

export interface CapturedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  form: URLSearchParams;
}

/** A local HTTP server standing in for api.stripe.com: records every request, answers what `respond` says. */
export async function startCaptureServer(
  respond: (request: CapturedRequest) => { status: number; body: unknown },
): Promise<{ port: number; requests: CapturedRequest[]; close(): Promise<void> }> {
  const requests: CapturedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const captured: CapturedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        form: new URLSearchParams(body),
      };
      requests.push(captured);
      const answer = respond(captured);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * A firebase-admin Firestore on the running emulator, created on first use and closed in afterAll.
 * (Rules do not apply to it, as for the backend.)
 */
export function useAdminFirestore(
  emulators: () => { projectId: string; firestoreHost: string },
  name: string,
): () => Firestore {
  let app: App | undefined;
  let firestore: Firestore | undefined;
  afterAll(async () => {
    await firestore?.terminate();
    if (app) await deleteApp(app);
  });
  return () => {
    if (!firestore) {
      process.env.METADATA_SERVER_DETECTION ??= 'none';
      app = initializeApp({ projectId: emulators().projectId }, `${name}-${process.pid}`);
      firestore = getFirestore(app);
      firestore.settings({ host: emulators().firestoreHost, ssl: false });
    }
    return firestore;
  };
}

/** A complete Entrega form for the simulated pay page (field names as posted), in São Paulo, Econômica. */
export const SAO_PAULO_DELIVERY = {
  recipient: 'Bia Lima',
  cep: '01310-100',
  street: 'Avenida Paulista',
  number: '1578',
  complement: 'apto 12',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  uf: 'SP',
  service: 'economica',
} as const;

/** The same as SAO_PAULO_DELIVERY in Rio de Janeiro, Expressa. */
export const RIO_DELIVERY = {
  recipient: 'Caio Souza',
  cep: '20040-002',
  street: 'Avenida Rio Branco',
  number: '156',
  complement: '',
  neighborhood: 'Centro',
  city: 'Rio de Janeiro',
  uf: 'RJ',
  service: 'expressa',
} as const;

export const formBody = (fields: Readonly<Record<string, string>>) => new URLSearchParams(fields).toString();

/**
 * buildServer as the route tests run it: the local storefront, an empty catalog cached for a minute, the
 * simulated provider, a memory store, the fake token verifier, no logger. A test overrides what it is about.
 */
export function buildTestServer(deps: Partial<ServerDeps> = {}): Promise<FastifyInstance> {
  return buildServer({
    storefrontUrl: 'http://localhost:4321',
    catalog: memoryCatalog([]),
    catalogCacheTtlMs: 60_000,
    payments: createSimulatedProvider({ publicUrl: 'http://backend.test' }),
    store: createMemoryStore(),
    verifier: fakeTokenVerifier(),
    logger: false,
    ...deps,
  });
}

/**
 * Creates a checkout session as `token`'s shopper (POST /create-checkout-session, answered 200) and opens its
 * simulated pay page: `press(action, body)` posts one of the page's forms, `view(url)` gets the page.
 */
export async function openPayPage(app: FastifyInstance, token: string, payload: object) {
  const created = await app.inject({
    method: 'POST',
    url: CHECKOUT_ROUTE,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  expect(created.statusCode).toBe(200);
  const path = new URL(created.json<{ url: string }>().url).pathname;
  const sessionId = decodeURIComponent(path.split('/').pop()!);
  const press = (action: string, body = '') =>
    app.inject({
      method: 'POST',
      url: `${path}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
  const view = (url = path) => app.inject({ method: 'GET', url });
  return { path, sessionId, press, view };
}
