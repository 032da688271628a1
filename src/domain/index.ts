// The domain: types, superstruct structs and pure rules. No I/O, no framework imports.
export * from './catalog';
export * from './cart';
export * from './forms';
export * from './money';
export * from './order';
export * from './user';
export * from './errors';
