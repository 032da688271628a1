import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken, type TokenVerifier, type VerifiedUser } from '../auth/tokenVerifier';
import { HttpError } from './httpErrors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shopper of a verified Firebase ID token; set by `authenticate`, null on routes that do not ask. */
    user: VerifiedUser | null;
  }
  interface FastifyInstance {
    /** Route `onRequest` hook: 401 unless `Authorization: Bearer <valid ID token>`, then sets `request.user`. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

export interface AuthOptions {
  verifier: TokenVerifier;
}

/** The verified shopper of a route guarded by `authenticate`. */
export function signedInUser(request: FastifyRequest): VerifiedUser {
  if (!request.user) throw new HttpError(401, 'unauthenticated', 'Faça login para finalizar a compra.');
  return request.user;
}

/**
 * `request.user` and the `authenticate` hook. Wrapped with fastify-plugin: the decorations belong to the whole app,
 * so every request object has the same shape (Fastify's advice for speed) and any route group can use the hook.
 */
const auth: FastifyPluginAsync<AuthOptions> = async (app, { verifier }) => {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new HttpError(401, 'unauthenticated', 'Faça login para finalizar a compra.');
    request.user = await verifier.verify(token);
  });
};

export default fp(auth, { name: 'auth', fastify: '5.x' });
