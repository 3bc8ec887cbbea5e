// ESLint (flat config): typescript-eslint's recommended rules, plus the two that guard this codebase's
// failure modes: a non-null assertion hides a missing 404, a floating promise hides a lost write; and a third:
// `em.getConnection().execute(...)` runs on another pooled connection, outside the caller's transaction (it reads
// around the transaction's own writes and, holding a row lock while it waits for a free connection, can starve the
// pool). `em.execute(...)` runs in the transaction; the few deliberate out-of-transaction statements opt out inline.
// Formatting is Prettier's job (.prettierrc.json); eslint-config-prettier turns off the rules it owns.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'coverage/', '.data/', 'clients/**/generated/', 'clients/**/dist/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='execute'][callee.object.callee.property.name='getConnection']",
          message:
            "getConnection().execute runs outside the caller's transaction: use em.execute (or disable this line and say why).",
        },
      ],
    },
  },
  // Tests read loosely typed response bodies; `any` and `!` there are the test's assertion, not a hidden 404.
  {
    files: ['test/**/*.ts', 'test/**/*.js'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
  prettier,
);
