// deferAuth keeps Firebase Auth out of the first-render bundle (the budget in bundles.test.ts); it must not
// change what the auth machine sees: the same answers once loaded, and "logged out" + typed errors if the
// chunk never arrives (so the overlay cannot stay up forever).
import { describe, expect, it, vi } from 'vitest';
import { memoryAuth } from '../../src/adapters/auth/memoryAuth';
import { AuthUnavailableError, WrongPasswordError, type AuthUser } from '../../src/adapters/auth/authPort';
import { deferAuth } from '../../src/deferredAuth';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('deferAuth', () => {
  it('answers like the port it loads: auth-state stream, sign-in, typed errors, sign-out', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const real = memoryAuth({ users: [{ email: 'ana@example.com', password: 'segredo123' }] });
    const auth = deferAuth(async () => {
      await gate;
      return real;
    });
    const seen: Array<AuthUser | null> = [];
    auth.onAuthStateChanged((user) => seen.push(user));
    await settle();
    expect(seen).toEqual([]); // nothing is known before the SDK is there: the machine stays `unknown`
    release();
    await settle();
    expect(seen).toEqual([null]);
    await expect(auth.signIn('ana@example.com', 'errada')).rejects.toBeInstanceOf(WrongPasswordError);
    const user = await auth.signIn('ana@example.com', 'segredo123');
    await settle();
    expect(seen.at(-1)).toEqual(user);
    expect(await auth.idToken()).not.toBeNull();
    await auth.signOut();
    await settle();
    expect(seen.at(-1)).toBeNull();
  });

  it('an unsubscribe before the load means no listener is ever attached', async () => {
    const real = memoryAuth();
    const spy = vi.spyOn(real, 'onAuthStateChanged');
    const auth = deferAuth(async () => real);
    const listener = vi.fn();
    auth.onAuthStateChanged(listener)();
    await settle();
    expect(spy).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
  });

  it('a chunk that fails to load: logged out, errors logged, every action an AuthUnavailableError', async () => {
    const onLoadError = vi.fn();
    const auth = deferAuth(() => Promise.reject(new Error('ChunkLoadError')), onLoadError);
    const listener = vi.fn();
    auth.onAuthStateChanged(listener);
    await settle();
    expect(listener).toHaveBeenCalledWith(null);
    expect(onLoadError).toHaveBeenCalledOnce();
    await expect(auth.signIn('a@b.co', 'x')).rejects.toBeInstanceOf(AuthUnavailableError);
    await expect(auth.signInWithGoogle()).rejects.toBeInstanceOf(AuthUnavailableError);
  });
});
