// The shapes the auth statechart (authMachine.ts) and its actors (authActors.ts) both speak: the events, the name
// a sign-up typed and what the profile repair works from. Types only, so neither file imports the other for them.
import type { LoginForm, SignUpForm } from '../domain';
import type { AuthUser } from '../adapters/auth/authPort';

/** The name typed in the sign-up form, kept until the profile is stored (a repair can then use it). */
export interface TypedName {
  firstName: string;
  lastName: string;
  /** The e-mail typed with it: the name is used only for the account with this e-mail. */
  email: string;
}

/** What the profile repair works from: the auth account, and the name typed in this tab's sign-up. */
export interface RepairInput {
  authUser: AuthUser;
  typedName: TypedName | null;
}

export type AuthEvent =
  | { type: 'auth.changed'; user: AuthUser | null }
  | { type: 'auth.signIn'; form: LoginForm }
  | { type: 'auth.signUp'; form: SignUpForm }
  | { type: 'auth.signInWithGoogle' }
  | { type: 'auth.signOut' }
  | { type: 'auth.clearErrors' }
  /** "Tentar novamente" on the profile banner. */
  | { type: 'auth.profile.retry' };
