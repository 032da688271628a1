// The index.html Parcel writes for the storefront (minified: unquoted attributes, no </head>), for the tests
// that run the build's prerender over it without a Parcel build (test/scripts/prerender.test.ts,
// test/ui/hydration.test.tsx).
export const PARCEL_SHELL =
  '<!DOCTYPE html><html lang=pt-BR><meta charset=utf-8><meta name=description content="Club Clothing: loja."><title>Club Clothing — Loja de roupas online</title><body><div id=root></div><script type=module src=/main.1234abcd.js></script>';
