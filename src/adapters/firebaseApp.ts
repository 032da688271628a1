// The page's one Firebase app. The first render needs neither Auth nor Firestore, so the app is not in the entry:
// whichever of their lazy chunks runs first creates it, and the other takes the same one (so Firestore's reads
// carry the signed-in shopper's token). Parcel keeps the promise of each module loaded with import() once it has
// failed (src/ui/lazyImport.ts), so only the Firestore loader imports this module with import() and the Auth
// adapter imports it statically: a failed Auth download leaves Firestore's free to try again, and the reverse.
import { getApps, initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';

export function firebaseApp(options: FirebaseOptions): FirebaseApp {
  return getApps()[0] ?? initializeApp(options);
}
