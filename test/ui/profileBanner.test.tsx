import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { UsersUnavailableError } from '../../src/adapters/users/usersPort';
import { renderApp, settled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

const ana = { email: 'ana@example.com', password: 'segredo1', uid: 'uid-ana', displayName: 'Ana Souza' };
const anaProfile = {
  id: 'uid-ana',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Souza',
  provider: 'firebase' as const,
};
// The agreed words (msgs), written here on purpose.
const PROFILE_MESSAGE = 'Não foi possível carregar seu perfil. Verifique sua conexão e tente novamente.';

describe('a signed-in shopper whose profile cannot be read', () => {
  it('keeps the catalog on screen and usable, under a banner whose Tentar novamente reads the profile again', async () => {
    app = renderApp({ path: '/category/jackets', auth: { users: [ana], signedInAs: ana.email }, users: [anaProfile] });
    // The auth state arrives after this (a microtask): the first read fails, the next ones use the store.
    const read = app.users.findById.bind(app.users);
    let reads = 0;
    app.users.findById = async (uid) => {
      reads += 1;
      if (reads === 1) throw new UsersUnavailableError('offline');
      return read(uid);
    };
    await settled();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(PROFILE_MESSAGE);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    const add = screen.getByRole('button', { name: 'Adicionar ao carrinho: Jaqueta de Couro Preta' });
    await app.user.click(add);
    expect(screen.getByRole('button', { name: 'Carrinho (1 item)' })).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.queryByText(PROFILE_MESSAGE)).toBeNull());
    expect(reads).toBe(2);
  });

  it('a missing profile is repaired from the auth account, with no banner', async () => {
    app = renderApp({ auth: { users: [ana], signedInAs: ana.email } });
    await settled();
    await waitFor(() => expect(app!.users.all()).toEqual([anaProfile]));
    expect(screen.queryByText(PROFILE_MESSAGE)).toBeNull();
  });
});
