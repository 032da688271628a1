import type { Auth } from 'firebase-admin/auth';
import { LRUCache } from 'lru-cache';
import { ClubError } from '../../src/domain';

/** The shopper behind a verified Firebase ID token. */
export interface VerifiedUser {
  uid: string;
  email: string | undefined;
}

/** Verifies `Authorization: Bearer <token>`; throws InvalidTokenError for anything it does not accept. */
export interface TokenVerifier {
  verify(token: string): Promise<VerifiedUser>;
}

export class InvalidTokenError extends ClubError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('auth/invalid-token', `Invalid ID token: ${detail}`, options);
  }
}

export interface FirebaseTokenVerifierOptions {
  auth: Auth;
  /**
   * Remember a verified token until min(its expiry, now + ttl) so repeated checkouts with the same token do not
   * repeat the work (in emulator mode firebase-admin asks the Auth emulator on every call). 0 disables.
   */
  cacheTtlMs?: number;
  now?: () => number;
  maxCacheEntries?: number;
}

/**
 * firebase-admin's `verifyIdToken`: in production the RS256 signature is checked against Google's public keys;
 * only when FIREBASE_AUTH_EMULATOR_HOST is set does firebase-admin accept the emulator's unsigned tokens (and
 * then asks the emulator whether the user still exists and is enabled).
 */
export function createFirebaseTokenVerifier({
  auth,
  cacheTtlMs = 0,
  now = Date.now,
  maxCacheEntries = 10_000,
}: FirebaseTokenVerifierOptions): TokenVerifier {
  // Least recently used out when full; each token kept until min(its expiry, now + ttl) on the injected clock.
  const cache = new LRUCache<string, VerifiedUser>({ max: maxCacheEntries, perf: { now }, ttlResolution: 0 });
  return {
    async verify(token) {
      const cached = cache.get(token);
      if (cached) return cached;
      let decoded;
      try {
        decoded = await auth.verifyIdToken(token);
      } catch (error) {
        throw new InvalidTokenError((error as { code?: string }).code ?? 'rejected', { cause: error });
      }
      const user: VerifiedUser = { uid: decoded.uid, email: decoded.email };
      const ttl = Math.min(decoded.exp * 1000 - now(), cacheTtlMs);
      if (ttl > 0) cache.set(token, user, { ttl });
      return user;
    },
  };
}

/** Reads the bearer token from an Authorization header value, or null when there is none. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
