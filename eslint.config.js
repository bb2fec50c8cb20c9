import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The layers and what each may import (docs/architecture.md). Paths are from the repository's root.
const features = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerZones = [
  ...features.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to components/, hooks/ or lib/.',
  })),
  { target: './client/src/features', from: './client/src/app', message: 'Features do not import pages or routes.' },
  {
    target: ['./client/src/components', './client/src/hooks', './client/src/lib'],
    from: ['./client/src/features', './client/src/app'],
    message: 'components/, hooks/ and lib/ serve every feature and import none.',
  },
  { target: './client', from: './server', message: 'The client does not import the server; shared/ holds what both use.' },
  { target: './server', from: './client', message: 'The server does not import the client; shared/ holds what both use.' },
  { target: './shared', from: ['./client', './server'], message: 'shared/ imports neither the client nor the server.' },
  {
    target: './server/services',
    from: ['./server/routes', './server/http', './server/jobs', './server/app.ts', './server/index.ts'],
    message: 'Services are below the HTTP edge: they take plain arguments and raise domain errors.',
  },
  {
    target: ['./server/auth', './server/db', './server/http', './server/mail', './server/storage', './server/video'],
    from: ['./server/services', './server/routes', './server/jobs', './server/app.ts', './server/index.ts'],
    message: 'Drivers and HTTP helpers sit below the services and import none of them.',
  },
  { target: './server/routes', from: ['./server/jobs', './server/app.ts', './server/index.ts'], message: 'Routes do not import the app or the jobs.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'migrations/**', '.tmp/**', '.tmp-*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.object.name=/^(it|describe|test)$/][callee.property.name=/^(only|skip)$/]', message: 'No focused or skipped tests.' },
      ],
    },
  },
  {
    // Product code only: tests, scripts and browser journeys may reach across layers to set things up.
    files: ['client/src/**/*.{ts,tsx}', 'server/**/*.ts', 'shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'server/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript settings of import-x (which files it parses), with the tsconfig's aliases for resolving.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Services never see HTTP; routes reach the database through services.
    files: ['server/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'express', message: 'Services never import Express.' }] }] },
  },
  {
    files: ['server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'drizzle-orm', message: 'Routes reach the database through a service.' }] }] },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // `react` and `react-dom` are Preact's compatibility layer (docs/decisions/0053): React's types offer these, the
      // layer does not have them.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', importNames: ['useActionState', 'useOptimistic', 'cache', 'Activity', 'captureOwnerStack'], message: 'Not in Preact (docs/decisions/0053).' },
            {
              name: 'react',
              importNames: ['useId'],
              message: "Preact's ids can repeat after a part of the page suspends and resumes: name the element (docs/decisions/0053).",
            },
            {
              name: 'react-dom',
              importNames: ['useFormStatus', 'useFormState', 'requestFormReset', 'preload', 'preloadModule', 'preinit', 'preinitModule', 'preconnect', 'prefetchDNS'],
              message: 'Not in Preact (docs/decisions/0053).',
            },
            { name: 'react-dom/static', message: 'Not in Preact: the server renders with preact-render-to-string (docs/decisions/0053).' },
          ],
        },
      ],
    },
  },
  {
    // Only server/config.ts reads the environment (tests and scripts configure themselves).
    files: ['server/**/*.ts', 'shared/**/*.ts', 'client/**/*.{ts,tsx}'],
    ignores: ['server/config.ts', 'server/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in server/config.ts.' }],
    },
  },
);
