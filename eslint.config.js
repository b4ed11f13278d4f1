// ESLint flat config: typescript-eslint plus the seams of STYLE.md convention 6 — the clock and the
// id source are the only places that may read the time or randomness.
import tseslint from 'typescript-eslint';

const seams = ['packages/server/src/lib/clock.ts', 'packages/server/src/lib/ids.ts', 'packages/protocol/src/clock.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['packages/*/src/**/*.ts'],
    ignores: seams,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Use the injected clock (lib/clock.ts).' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Use the injected clock (lib/clock.ts).' },
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: 'Use the id source (lib/ids.ts).' },
        { selector: "CallExpression[callee.name='randomUUID']", message: 'Use the id source (lib/ids.ts).' },
        { selector: "CallExpression[callee.object.name='crypto'][callee.property.name='randomUUID']", message: 'Use the id source (lib/ids.ts).' },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
