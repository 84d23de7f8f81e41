import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Boundaries: the web imports only contracts; a service imports contracts and the kit, never another
 * service; the gateway imports contracts and the kit and reaches services only over NATS.
 */
export const depConstraints = [
  { sourceTag: 'scope:contracts', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'scope:kit', onlyDependOnLibsWithTags: ['scope:contracts'] },
  { sourceTag: 'scope:service', onlyDependOnLibsWithTags: ['scope:contracts', 'scope:kit'] },
  { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['scope:contracts', 'scope:kit'] },
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:contracts'] },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'artifacts/**', '**/migrations/**', '.nx/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      // deploy/ is tooling, not a project: the e2e tests drive the stack runner in it (and its database, e2e-database; the demo
      // stack of web/e2e/demo-stack.ts: a NATS server of its own and the seed generator's data; the partner's view of it, the fake partner's feeds and the feed bench's pure parts).
      '@nx/enforce-module-boundaries': ['error', { allow: ['../../deploy/local/stack', '../../deploy/local/e2e-database', '../../deploy/load/private-nats', '../../deploy/seed/generate', '../../deploy/seed/partner', '../../../deploy/local/fake-twilio', '../../../../deploy/local/fake-twilio', '../../deploy/local/fake-partner', '../../../deploy/local/fake-partner', '../../../deploy/load/feed-bench', '../../deploy/k8s/base/observability/series', '../../deploy/local/fake-otlp'], depConstraints, enforceBuildableLibDependency: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/test/**/*.ts', '**/e2e/**/*.ts', '**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
);
