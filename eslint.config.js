// Lint: typescript-eslint's recommended rules plus one import direction:
//   ui → machines → adapters/*/*Port.ts → domain
// A lazy feature (src/features/<name>/) uses all of those; the ui reaches it through its slot (<name>Slot.tsx) only.
// Only src/main.tsx (the composition root), server/, scripts/ and test/ import adapter implementations.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

const onlyPortsOfAdapters = {
  group: ['**/adapters/*/*', '!**/adapters/*/*Port', '!**/adapters/*/*Port.ts'],
  message: 'Import the port (adapters/<port>/<port>Port.ts); only src/main.tsx picks implementations.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.parcel-cache/',
      '.parcel-*/',
      '.tmp-*/',
      '**/dist/',
      'node_modules/',
      'coverage/',
      'docs/',
      '.emulator-data/',
      'test-results/',
      '.bench/',
      '.functions/',
      '.preview/',
      '.firebase/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Layer direction between folders.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'domain', pattern: 'src/domain' },
        { type: 'features', pattern: 'src/features' },
        { type: 'adapters', pattern: 'src/adapters/*' },
        { type: 'machines', pattern: 'src/machines' },
        { type: 'ui', pattern: 'src/ui' },
        { type: 'inspector', pattern: 'src/inspector' },
      ],
      // A lazy feature's slot (src/features/<name>/<name>Slot.tsx): the one file of a feature the ui imports.
      'boundaries/files': [{ category: 'slot', pattern: 'src/features/*/*Slot.tsx' }],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'ui' } },
              allow: {
                to: [
                  { element: { types: { anyOf: ['ui', 'machines', 'adapters', 'domain'] } } },
                  { element: { type: 'features' }, file: { categories: 'slot' } },
                ],
              },
            },
            {
              from: { element: { type: 'features' } },
              allow: { to: { element: { types: { anyOf: ['features', 'ui', 'machines', 'adapters', 'domain'] } } } },
            },
            {
              from: { element: { type: 'machines' } },
              allow: { to: { element: { types: { anyOf: ['machines', 'adapters', 'domain'] } } } },
            },
            {
              from: { element: { type: 'adapters' } },
              allow: { to: { element: { types: { anyOf: ['adapters', 'domain'] } } } },
            },
            { from: { element: { type: 'domain' } }, allow: { to: { element: { type: 'domain' } } } },
            // The dev-only inspector (docs/inspector.md) reads live actors and the shop's theme, and escapes its SVG
            // with the domain's escapeHtml; nothing imports it but src/main.tsx (behind the local-mode check) and
            // scripts/statecharts.ts.
            {
              from: { element: { type: 'inspector' } },
              allow: { to: { element: { types: { anyOf: ['inspector', 'ui', 'domain'] } } } },
            },
          ],
        },
      ],
    },
  },
  {
    // ui and machines may reach adapters only through their ports.
    files: [
      'src/ui/**/*.{ts,tsx}',
      'src/features/**/*.{ts,tsx}',
      'src/machines/**/*.ts',
      'src/domain/**/*.ts',
      'src/adapters/*/*Port.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyPortsOfAdapters] }] },
  },
);
