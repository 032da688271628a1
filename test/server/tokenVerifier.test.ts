// @vitest-environment node
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerToken, createFirebaseTokenVerifier, InvalidTokenError } from '../../server/auth/tokenVerifier';
import { emulatorIdToken } from './support';

describe('firebase-admin token verifier without the Auth emulator (production mode)', () => {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const app = initializeApp({ projectId: 'demo-club-clothing' }, `verifier-prod-${process.pid}`);
  beforeAll(() => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });
  afterAll(async () => {
    if (saved !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
    await deleteApp(app);
  });

  it('rejects an unsigned emulator-style token (no kid, alg none) before any network call', async () => {
    const verifier = createFirebaseTokenVerifier({ auth: getAuth(app) });
    const error = await verifier
      .verify(emulatorIdToken({ uid: 'mallory', email: 'm@example.com' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect((error as InvalidTokenError).cause).toMatchObject({
      code: 'auth/argument-error',
      message: expect.stringMatching(/kid/),
    });
  });
});

describe('token cache', () => {
  it('verifies a token once per TTL, never past its expiry, and never caches a rejection', async () => {
    let calls = 0;
    let exp = 2_000; // seconds
    const auth = {
      verifyIdToken: async (token: string) => {
        calls += 1;
        if (token === 'bad') throw Object.assign(new Error('nope'), { code: 'auth/id-token-expired' });
        return { uid: 'u1', email: 'u1@example.com', exp };
      },
    } as unknown as Auth;
    let now = 1_000_000;
    const verifier = createFirebaseTokenVerifier({ auth, cacheTtlMs: 60_000, now: () => now });
    expect(await verifier.verify('t')).toEqual({ uid: 'u1', email: 'u1@example.com' });
    await verifier.verify('t');
    expect(calls).toBe(1);
    now += 60_001;
    await verifier.verify('t');
    expect(calls).toBe(2);
    exp = Math.floor(now / 1000) + 5; // expires in 5 s: cached for at most 5 s
    now += 60_001;
    await verifier.verify('t');
    now += 6_000;
    await verifier.verify('t');
    expect(calls).toBe(4);
    await expect(verifier.verify('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier.verify('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toBe(6);
  });

  it('reads only well-formed Bearer headers', () => {
    expect(bearerToken('Bearer abc.def.')).toBe('abc.def.');
    expect(bearerToken('bearer abc')).toBe('abc');
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', 'Bearer <script>'])
      expect(bearerToken(header)).toBeNull();
  });
});
