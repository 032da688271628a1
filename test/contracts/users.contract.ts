import { describe, expect, it } from 'vitest';
import { MalformedDocumentError, ProfileWriteError, type UsersPort } from '../../src/adapters/users/usersPort';
import type { Provider, UserProfile } from '../../src/domain';
import { aUserProfile } from '../support/builders';

export interface UsersSetup {
  /** Who is signed in (the Firestore implementation acts as this user, under firestore.rules). */
  uid: string;
  provider: Provider;
  /** Raw `users` documents to plant before the test, keyed by document id. */
  documents?: Readonly<Record<string, unknown>>;
}
export type MakeUsers = (setup: UsersSetup) => Promise<UsersPort>;

/** The UsersPort contract: every implementation must pass it. */
export function testUsersPort(name: string, makeAdapter: MakeUsers) {
  describe(`UsersPort contract: ${name}`, () => {
    const signedInAs = (profile: UserProfile, documents?: Record<string, unknown>) =>
      makeAdapter({ uid: profile.id, provider: profile.provider, documents });

    it('finds nothing for a uid without a profile', async () => {
      const profile = aUserProfile().build();
      const users = await signedInAs(profile);
      await expect(users.findById(profile.id)).resolves.toBeNull();
    });

    it('creates the e-mail sign-up profile and finds it by uid', async () => {
      const profile = aUserProfile().withProvider('firebase').build();
      const users = await signedInAs(profile);
      await users.create(profile);
      await expect(users.findById(profile.id)).resolves.toEqual(profile);
    });

    it('creates a Google profile (provider google)', async () => {
      const profile = aUserProfile({ firstName: 'Ana', lastName: 'Maria Souza' }).withProvider('google').build();
      const users = await signedInAs(profile);
      await users.create(profile);
      await expect(users.findById(profile.id)).resolves.toEqual(profile);
    });

    it('finds a profile stored under another document key by its id field (the original shop used addDoc)', async () => {
      const profile = aUserProfile().build();
      const users = await signedInAs(profile, { 'legacy-random-key': profile });
      await expect(users.findById(profile.id)).resolves.toEqual(profile);
    });

    it('refuses a second profile for the same uid with ProfileWriteError', async () => {
      const profile = aUserProfile().build();
      const users = await signedInAs(profile);
      await users.create(profile);
      await expect(users.create({ ...profile, firstName: 'Outro' })).rejects.toBeInstanceOf(ProfileWriteError);
      await expect(users.findById(profile.id)).resolves.toEqual(profile);
    });

    it('refuses a profile with extra fields or an unknown provider', async () => {
      const profile = aUserProfile().build();
      const users = await signedInAs(profile);
      await expect(users.create({ ...profile, admin: true } as UserProfile)).rejects.toMatchObject({
        code: 'users/write-failed',
      });
      await expect(users.create({ ...profile, provider: 'facebook' } as unknown as UserProfile)).rejects.toBeInstanceOf(
        ProfileWriteError,
      );
      await expect(users.findById(profile.id)).resolves.toBeNull();
    });

    it('createIfMissing writes a missing profile once and answers it; later calls keep the first', async () => {
      const profile = aUserProfile({ firstName: 'Carla', lastName: 'Dias' }).withProvider('firebase').build();
      const users = await signedInAs(profile);
      await expect(users.createIfMissing(profile)).resolves.toEqual(profile);
      await expect(users.createIfMissing({ ...profile, firstName: 'Outra' })).resolves.toEqual(profile);
      await expect(users.findById(profile.id)).resolves.toEqual(profile);
    });

    it('createIfMissing keeps a profile the original write stored first', async () => {
      const profile = aUserProfile({ firstName: 'Carla', lastName: 'Dias' }).build();
      const users = await signedInAs(profile);
      await users.create(profile);
      await expect(users.createIfMissing({ ...profile, firstName: 'Carla Maria' })).resolves.toEqual(profile);
      await expect(users.findById(profile.id)).resolves.toEqual(profile);
    });

    it('after a repair, the late original write is refused and the repaired profile stays', async () => {
      const profile = aUserProfile({ firstName: 'Carla', lastName: 'Dias' }).build();
      const repaired = { ...profile, firstName: 'Carla Maria' };
      const users = await signedInAs(profile);
      await users.createIfMissing(repaired);
      await expect(users.create(profile)).rejects.toBeInstanceOf(ProfileWriteError);
      await expect(users.findById(profile.id)).resolves.toEqual(repaired);
    });

    it('createIfMissing refuses an invalid profile with ProfileWriteError and writes nothing', async () => {
      const profile = aUserProfile().build();
      const users = await signedInAs(profile);
      await expect(users.createIfMissing({ ...profile, admin: true } as UserProfile)).rejects.toBeInstanceOf(
        ProfileWriteError,
      );
      await expect(users.findById(profile.id)).resolves.toBeNull();
    });

    it('throws MalformedDocumentError naming the document when the stored profile is malformed', async () => {
      const profile = aUserProfile().build();
      const users = await signedInAs(profile, {
        [profile.id]: { id: profile.id, email: profile.email, firstName: 42 },
      });
      const error = await users.findById(profile.id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MalformedDocumentError);
      expect(error).toMatchObject({ code: 'document/malformed', documentId: profile.id });
    });
  });
}
