// @vitest-environment node
// The backend as `npm start` runs it (server/main.ts wiring): firebase-admin against the real Auth and Firestore
// emulators, the seeded catalog, real ID tokens from the Auth emulator, the simulated provider, orders in Firestore.
import type { FastifyInstance } from 'fastify';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { findFreePort } from '../../scripts/lib/emulators';
import { seedCatalog } from '../../scripts/seed';
import { loadConfig } from '../../server/serverConfig';
import { startServer } from '../../server/main';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulatorData';
import { emulatorIdToken, formBody, RIO_DELIVERY } from './support';

const STOREFRONT = 'http://localhost:4399';
const product = catalog[0]!.products[0]!;
const other = catalog[1]!.products[1]!;

describe.skipIf(emulatorsUnavailable())('backend against the Auth and Firestore emulators', () => {
  const emulators = useEmulators();
  const saved = { ...process.env };
  let server: FastifyInstance | undefined;
  let base = '';
  let admin: App;
  let db: Firestore;
  let idToken = '';
  let uid = '';

  const start = async () => {
    const port = await findFreePort();
    const config = loadConfig({
      PORT: String(port),
      STOREFRONT_URL: STOREFRONT,
      BACKEND_PUBLIC_URL: `http://127.0.0.1:${port}`,
      GCLOUD_PROJECT: emulators().projectId,
      FIRESTORE_EMULATOR_HOST: emulators().firestoreHost,
      FIREBASE_AUTH_EMULATOR_HOST: emulators().authHost,
    });
    server = await startServer(config);
    base = `http://127.0.0.1:${port}`;
  };

  beforeAll(async () => {
    const { firestoreHost, authHost, projectId } = emulators();
    // firebase-admin reads both from the environment, as in `npm start`.
    Object.assign(process.env, {
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      LOG_LEVEL: 'warn',
      METADATA_SERVER_DETECTION: 'none',
    });
    admin = initializeApp({ projectId }, `emulator-test-${process.pid}`);
    db = getFirestore(admin);
    await seedCatalog(db);
    const signUp = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dani@example.com', password: 'segredo123', returnSecureToken: true }),
    });
    const account = (await signUp.json()) as { idToken: string; localId: string };
    idToken = account.idToken;
    uid = account.localId;
    await start();
  });
  afterAll(async () => {
    await server?.close();
    await db?.terminate();
    if (admin) await deleteApp(admin);
    for (const key of [
      'FIRESTORE_EMULATOR_HOST',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'LOG_LEVEL',
      'METADATA_SERVER_DETECTION',
    ]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  const checkout = (
    token: string,
    products: object[] = [
      { ...product, price: 0.5, quantity: 2 },
      { id: other.id, quantity: 1 },
    ],
  ) =>
    fetch(`${base}/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: STOREFRONT },
      body: JSON.stringify({ products }),
    });
  const press = (payUrl: string, action: string, body = '') =>
    fetch(`${payUrl}/${action}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  it('a real Auth emulator token creates a session priced from the seeded Firestore catalog; the Entrega step, then Pagar records the order with its delivery', async () => {
    const response = await checkout(idToken);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${base}/pay/cs_sim_`));
    const sessionId = url.split('/').pop()!;

    const stored = (await db.collection('checkoutSessions').doc(sessionId).get()).data();
    const expectedTotal = Math.round(product.price * 100) * 2 + Math.round(other.price * 100);
    expect(stored).toMatchObject({ status: 'open', uid, email: 'dani@example.com', amountTotal: expectedTotal });

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(product.name.replace(/&/g, '&amp;'));
    expect(html).toContain(
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(expectedTotal / 100),
    );
    expect(html).toContain('<h1>Entrega</h1>');

    // Two jackets (1,200 g) and a pair of sneakers (1,100 g) + 200 g = 3,700 g by Expressa to Rio: R$ 29,90 and six
    // further 500 g steps of R$ 5,00 (the categories come from the seeded Firestore catalog).
    const delivered = await press(url, 'entrega', formBody(RIO_DELIVERY));
    expect(delivered.status).toBe(303);
    const delivery = (await db.collection('checkoutSessions').doc(sessionId).get()).data()!.delivery;
    expect(delivery).toMatchObject({
      cep: '20040002',
      uf: 'RJ',
      service: 'expressa',
      amount: 5990,
      review: null,
      address: { recipient: 'Caio Souza', street: 'Avenida Rio Branco', uf: 'RJ' },
    });

    const paid = await press(url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${STOREFRONT}/payment-confirmation?success=true&session_id=${sessionId}`,
    );
    const order = (await db.collection('orders').doc(sessionId).get()).data();
    expect(order).toMatchObject({
      uid,
      email: 'dani@example.com',
      amountTotal: expectedTotal,
      provider: 'simulated',
      currency: 'brl',
      delivery,
    });
    expect((await press(url, 'pay')).status).toBe(303);
    expect((await db.collection('orders').where('uid', '==', uid).get()).size).toBe(1);
  });

  it('a restart loses nothing: a session created before it can be paid after it', async () => {
    const { url } = (await (await checkout(idToken)).json()) as { url: string };
    const sessionPath = new URL(url).pathname;
    await server!.close();
    await start();
    const page = await fetch(`${base}${sessionPath}`);
    expect(page.status).toBe(200);
    const canceled = await press(`${base}${sessionPath}`, 'cancel');
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`${STOREFRONT}/payment-confirmation?canceled=true`);
  });

  it('rejects an unsigned token for a user the Auth emulator does not know, and one for another project', async () => {
    for (const token of [
      emulatorIdToken({ uid: 'ghost', projectId: emulators().projectId }),
      emulatorIdToken({ uid, projectId: 'another-project' }),
    ]) {
      const response = await checkout(token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
    }
  });

  it('a shopper reads only their own checkoutSessions and orders (firestore.rules); nobody else, nobody writes', async () => {
    const { authHost, firestoreHost, projectId } = emulators();
    const [order] = (await db.collection('orders').where('uid', '==', uid).limit(1).get()).docs;
    const [session] = (await db.collection('checkoutSessions').where('uid', '==', uid).limit(1).get()).docs;
    const other = (await (
      await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `outra.${Date.now()}@example.com`,
          password: 'segredo123',
          returnSecureToken: true,
        }),
      })
    ).json()) as { idToken: string };
    const read = (path: string, token: string | null) =>
      fetch(`http://${firestoreHost}/v1/projects/${projectId}/databases/(default)/documents/${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    for (const path of [`orders/${order!.id}`, `checkoutSessions/${session!.id}`]) {
      expect((await read(path, idToken)).status, `the owner reads ${path}`).toBe(200);
      expect((await read(path, other.idToken)).status, `another shopper reads ${path}`).toBe(403);
      expect((await read(path, null)).status, `nobody signed in reads ${path}`).toBe(403);
      const write = await fetch(
        `http://${firestoreHost}/v1/projects/${projectId}/databases/(default)/documents/${path}`,
        {
          method: 'PATCH',
          headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ fields: { status: { stringValue: 'paid' } } }),
        },
      );
      expect(write.status, `the owner writes ${path}`).toBe(403);
    }
  });
});
