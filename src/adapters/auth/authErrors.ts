import {
  AuthUnavailableError,
  EmailInUseError,
  SignInCancelledError,
  UserNotFoundError,
  WeakPasswordError,
  WrongPasswordError,
} from './authPort';
import { ClubError } from '../../domain';

/**
 * Firebase Auth error codes → the port's typed errors (docs/requirements.md#errors). The emulator answers the first code
 * of each pair; production with e-mail-enumeration protection answers auth/invalid-credential instead.
 */
export function mapFirebaseAuthError(error: unknown): ClubError {
  if (error instanceof ClubError) return error;
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  switch (code) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return new WrongPasswordError({ cause: error });
    case 'auth/user-not-found':
    case 'auth/invalid-email':
      return new UserNotFoundError({ cause: error });
    case 'auth/email-already-in-use':
      return new EmailInUseError({ cause: error });
    case 'auth/weak-password':
      return new WeakPasswordError({ cause: error });
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
    case 'auth/user-cancelled':
      return new SignInCancelledError({ cause: error });
    default:
      return new AuthUnavailableError(code || (error instanceof Error ? error.message : String(error)), {
        cause: error,
      });
  }
}
