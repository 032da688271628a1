// The production actors of authMachine, built over the ports. createServices and the model-based tests use
// the same function; only the port implementations differ.
import { fromCallback, fromPromise } from 'xstate';
import { splitDisplayName, type LoginForm, type SignUpForm, type UserProfile } from '../domain';
import type { AuthPort, AuthUser } from '../adapters/auth/authPort';
import type { UsersPort } from '../adapters/users/usersPort';
import type { AuthEvent, RepairInput, TypedName } from './authTypes';

/** A profile when the users document is missing or unreadable: the shopper is still signed in. */
export function profileFromAuthUser(user: AuthUser): UserProfile {
  return { id: user.uid, email: user.email ?? '', ...splitDisplayName(user.displayName), provider: user.provider };
}

/** The account's profile, with the name typed in this tab's sign-up if it is that account's. */
export function accountProfile(authUser: AuthUser, typedName: TypedName | null): UserProfile {
  const profile = profileFromAuthUser(authUser);
  if (!typedName || authUser.email?.toLowerCase() !== typedName.email) return profile;
  return { ...profile, firstName: typedName.firstName, lastName: typedName.lastName };
}

export function createAuthActors({ auth, users }: { auth: AuthPort; users: UsersPort }) {
  return {
    watchAuthState: fromCallback<AuthEvent>(({ sendBack }) =>
      auth.onAuthStateChanged((user) => sendBack({ type: 'auth.changed', user })),
    ),
    loadProfile: fromPromise<UserProfile | null, AuthUser>(({ input }) => users.findById(input.uid)),
    repairProfile: fromPromise<UserProfile, RepairInput>(({ input }) =>
      users.createIfMissing(accountProfile(input.authUser, input.typedName)),
    ),
    signIn: fromPromise<AuthUser, LoginForm>(({ input }) => auth.signIn(input.email.trim(), input.password)),
    signUp: fromPromise<UserProfile, SignUpForm>(async ({ input }) => {
      const authUser = await auth.signUp({ email: input.email.trim(), password: input.password });
      const firstName = input.firstName.trim();
      const lastName = input.lastName.trim();
      // The name goes into the auth account first: if the profile write below never lands, the next sign-in
      // or app start rebuilds the profile from the account (authMachine's repairingProfile).
      await auth.updateDisplayName(`${firstName} ${lastName}`.trim());
      const profile: UserProfile = {
        id: authUser.uid,
        firstName,
        lastName,
        email: authUser.email ?? input.email.trim(),
        provider: 'firebase',
      };
      await users.create(profile);
      return profile;
    }),
    signInWithGoogle: fromPromise<UserProfile, void>(async () => {
      const authUser = await auth.signInWithGoogle();
      const existing = await users.findById(authUser.uid);
      if (existing) return existing;
      const profile: UserProfile = { ...profileFromAuthUser(authUser), provider: 'google' };
      await users.create(profile);
      return profile;
    }),
    signOut: fromPromise<void, void>(() => auth.signOut()),
  };
}
