// Preloaded into the firebase-tools Auth emulator (scripts/lib/emulators.ts, NODE_OPTIONS=--require): its API
// (exegesis) compiles the validators of every operation of its OpenAPI spec with ajv at start, 4.6 of the 7 s
// of CPU a start costs (node --cpu-prof), though a shop uses a handful of them. exegesis has an option to
// compile each one on its first request; firebase-tools does not pass it, so this makes it the default.
// If exegesis is not where it was (another firebase-tools), nothing changes.
/* global require */
/* eslint-disable @typescript-eslint/no-require-imports -- it patches firebase-tools' CommonJS module cache */
try {
  const firebaseTools = require.resolve('firebase-tools/package.json');
  const options = require(require.resolve('exegesis/lib/options', { paths: [firebaseTools] }));
  const compileOptions = options.compileOptions;
  if (typeof compileOptions === 'function') {
    options.compileOptions = (given) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
  }
} catch {
  // firebase-tools without exegesis: start as it is.
}
