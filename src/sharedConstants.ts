// The local stack's fixed numbers, in one module that the storefront (Parcel), the backend (server/) and the
// scripts all import: the ports `npm start` uses and the emulators' offline project. firebase.json's
// `emulators` block repeats the two emulator ports (JSON cannot import); test/scripts/sharedConstants.test.ts
// checks that it agrees.

/** `npm start`'s ports: Auth and Firestore emulators, the backend (docs/requirements.md#calls), the storefront. */
export const DEFAULT_PORTS = { auth: 9099, firestore: 8080, backend: 5000, storefront: 1234 } as const;

/** The emulators' project: a `demo-` id exists only offline, so nothing local can reach a real project. */
export const DEMO_PROJECT_ID = 'demo-club-clothing';

/** Where the emulators and the backend listen locally. */
export const LOOPBACK_HOST = '127.0.0.1';

/** The storefront and the backend as a local browser reaches them (`localhost`, so cookies and CORS match). */
export const LOCAL_URLS = {
  storefront: `http://localhost:${DEFAULT_PORTS.storefront}`,
  backend: `http://localhost:${DEFAULT_PORTS.backend}`,
} as const;
