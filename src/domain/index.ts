// The domain: types, superstruct structs and pure rules. No I/O, no framework imports.
export * from './catalog';
export * from './cart';
export * from './forms';
export * from './limits';
export * from './money';
export * from './user';
export * from './errors';
