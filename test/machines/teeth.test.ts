import { describe, expect, it } from 'vitest';
import { assign, fromCallback, fromPromise } from 'xstate';
import type { AuthEvent } from '../../src/machines/authMachine';
import { createAuthActors } from '../../src/machines/authMachine';
import { createCartActors } from '../../src/machines/cartMachine';
import { createCheckoutActors, type CheckoutRequest } from '../../src/machines/checkoutMachine';
import type { CartItem, UserProfile } from '../../src/domain';
import { authPaths, runAuthPath, type AuthWiring } from './model/authModel';
import { cartPaths, runCartPath, type CartWiring } from './model/cartModel';
import { checkoutGuardPaths, runCheckoutGuardPath } from './model/checkoutGuardModel';
import { checkoutPaths, runCheckoutPath, type CheckoutWiring } from './model/checkoutModel';
import { catalogPaths, runCatalogPath, type CatalogWiring } from './model/catalogModel';
import { createCatalogActors } from '../../src/machines/catalogMachine';
import type { Category } from '../../src/domain';
import { countFailures } from './model/graph';

// Teeth: the generated paths must catch deliberately broken wiring. Each case runs every path of one
// machine against a sabotaged implementation and expects some of them to fail.

const report = (name: string, failed: number, total: number) =>
  console.info(`teeth: ${name}: ${failed}/${total} paths failed (as they should)`);

// The cart's model has 1,221 paths (queued clicks during the restore): each wiring runs them all.
describe('teeth: the model-based paths catch broken wiring', { timeout: 180_000 }, () => {
  it('cart: a decrease that never removes a line at 0', async () => {
    const broken: CartWiring = (storage) => {
      const production = createCartActors({ storage: storage.port, log: () => {} });
      return {
        ...production,
        actions: {
          ...production.actions,
          decreaseItem: assign({
            items: ({ context, event }) =>
              context.items.map((item) =>
                item.id === (event as { productId?: string }).productId ? { ...item, quantity: Math.max(0, item.quantity - 1) } : item,
              ),
          }),
        },
      };
    };
    const failures = await countFailures(cartPaths, (path) => runCartPath(path, broken));
    report('cart decrease keeps 0-quantity lines', failures.length, cartPaths.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('cart: a saveCart that skips storage', async () => {
    const broken: CartWiring = (storage) => {
      const production = createCartActors({ storage: storage.port, log: () => {} });
      return { ...production, actions: { ...production.actions, saveCart: () => {} } };
    };
    const failures = await countFailures(cartPaths, (path) => runCartPath(path, broken));
    report('cart saveCart skips storage', failures.length, cartPaths.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('cart: a cross-tab sync that saves the adopted cart back', async () => {
    const broken: CartWiring = (storage) => {
      const production = createCartActors({ storage: storage.port, log: () => {} });
      return {
        ...production,
        actors: {
          ...production.actors,
          watchSavedCart: fromCallback(({ sendBack }) =>
            storage.port.onExternalChange((items: CartItem[]) => {
              void storage.port.save(items);
              sendBack({ type: 'cart.synced', items });
            }),
          ),
        },
      };
    };
    const failures = await countFailures(cartPaths, (path) => runCartPath(path, broken));
    report('cart sync saves back', failures.length, cartPaths.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('auth: an auth-state stream that drops null (sign-outs in other tabs never arrive)', async () => {
    const broken: AuthWiring = (ports) => ({
      ...createAuthActors({ auth: ports.auth.port, users: ports.users.port }),
      watchAuthState: fromCallback<AuthEvent>(({ sendBack }) =>
        ports.auth.port.onAuthStateChanged((user) => {
          if (user) sendBack({ type: 'auth.changed', user });
        }),
      ),
    });
    const failures = await countFailures(authPaths, (path) => runAuthPath(path, broken));
    report('auth stream drops null', failures.length, authPaths.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('auth: a Google sign-in that writes the users document even when one exists', async () => {
    const broken: AuthWiring = (ports) => ({
      ...createAuthActors({ auth: ports.auth.port, users: ports.users.port }),
      signInWithGoogle: fromPromise<UserProfile, void>(async () => {
        const user = await ports.auth.port.signInWithGoogle();
        const existing = await ports.users.port.findById(user.uid);
        const [firstName = '', ...rest] = (user.displayName ?? '').split(' ');
        const profile: UserProfile = existing ?? { id: user.uid, email: user.email ?? '', firstName, lastName: rest.join(' '), provider: 'google' };
        await ports.users.port.create(profile);
        return profile;
      }),
    });
    const failures = await countFailures(authPaths, (path) => runAuthPath(path, broken));
    report('auth Google always creates the document', failures.length, authPaths.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('checkout: a createSession that turns failures into a redirect', async () => {
    const broken: CheckoutWiring = (checkout) => ({
      ...createCheckoutActors({ checkout: checkout.port }),
      createSession: fromPromise(({ input }: { input: CheckoutRequest }) =>
        checkout.port.createSession(input.items).catch(() => ({ url: '/payment-confirmation?success=false' })),
      ),
    });
    const failures = await countFailures(checkoutPaths, (path) => runCheckoutPath(path, broken));
    report('checkout swallows failures', failures.length, checkoutPaths.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('checkout: a createSession that drops the chosen delivery', async () => {
    const broken: CheckoutWiring = (checkout) => ({
      ...createCheckoutActors({ checkout: checkout.port }),
      createSession: fromPromise(({ input }: { input: CheckoutRequest }) => checkout.port.createSession(input.items, { idempotencyKey: 'k' })),
    });
    const failures = await countFailures(checkoutPaths, (path) => runCheckoutPath(path, broken));
    report('checkout drops the delivery', failures.length, checkoutPaths.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('checkout guard: a redirect one millisecond early', async () => {
    const failures = await countFailures(checkoutGuardPaths, (path) => runCheckoutGuardPath(path, { delayMs: 2999 }));
    report('guard redirects at 2999 ms', failures.length, checkoutGuardPaths.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('checkout guard: a navigateToLogin that does nothing', async () => {
    const failures = await countFailures(checkoutGuardPaths, (path) => runCheckoutGuardPath(path, { navigateToLogin: () => {} }));
    report('guard never navigates', failures.length, checkoutGuardPaths.length);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('catalog: a getCategory that ignores the requested id', async () => {
    const broken: CatalogWiring = (catalog) => ({
      ...createCatalogActors({ catalog: catalog.port }),
      getCategory: fromPromise<Category, string>(() => catalog.port.getCategory('jaquetas')),
    });
    const failures = await countFailures(catalogPaths, (path) => runCatalogPath(path, broken));
    report('catalog getCategory ignores the id', failures.length, catalogPaths.length);
    expect(failures.length).toBeGreaterThan(0);
  });
});
