// An AuthPort whose implementation arrives later (a dynamic import). The Firebase Auth SDK is ~25 KB gz that
// the first render does not need: the shell renders with the loading overlay (auth is `unknown` until the
// first auth-state answer anyway), the catalog request leaves at once, and the SDK downloads in parallel.
import { AuthUnavailableError, type AuthPort, type AuthStateListener } from './adapters/auth/authPort';

export function deferAuth(load: () => Promise<AuthPort>, onLoadError: (error: unknown) => void = () => {}): AuthPort {
  const ready = load();
  // Never leave the shopper behind the overlay: a chunk that fails to load means "logged out" (and logged),
  // and every action answers AuthUnavailableError.
  ready.catch(onLoadError);
  const use = async <T>(work: (port: AuthPort) => Promise<T>): Promise<T> => {
    let port: AuthPort;
    try {
      port = await ready;
    } catch (error) {
      throw new AuthUnavailableError('the sign-in code could not be loaded', { cause: error });
    }
    return work(port);
  };
  return {
    onAuthStateChanged(listener: AuthStateListener) {
      let unsubscribe: (() => void) | null = null;
      let cancelled = false;
      ready.then(
        (port) => {
          if (!cancelled) unsubscribe = port.onAuthStateChanged(listener);
        },
        () => {
          if (!cancelled) listener(null);
        },
      );
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
    signIn: (email, password) => use((port) => port.signIn(email, password)),
    signUp: (credentials) => use((port) => port.signUp(credentials)),
    signInWithGoogle: () => use((port) => port.signInWithGoogle()),
    updateDisplayName: (displayName) => use((port) => port.updateDisplayName(displayName)),
    signOut: () => use((port) => port.signOut()),
    idToken: () => use((port) => port.idToken()),
  };
}
