// ESLint flat config: typescript-eslint's recommended rules (syntactic, not type-aware: the type
// checker already runs as `npm run typecheck`, and type-aware linting would double the time) and the
// layer rules of the architecture as import zones. Import cycles are dependency-cruiser's
// (`npm run lint:cycles`, type imports too): import-x/no-cycle checked a subset of them and took four
// fifths of ESLint's time. Formatting is Prettier's.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Modules that do I/O or belong to a runtime: the domain is pure and runs anywhere.
const ioModules = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'http',
  'https',
  'net',
  'crypto',
  'child_process',
  'stream',
  'process',
  '@aws-sdk/*',
  '@aws-lambda-powertools/*',
  '@middy/*',
  'aws-cdk-lib',
  'aws-cdk-lib/*',
  'constructs',
  'jose',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'react-router-dom',
  'react-hook-form',
  'swr',
  'swr/*',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.data/',
      'cdk.out/',
      'web/dist/',
      'bench/results/',
      'tests/e2e/artifacts/',
      'docs/openapi-types.d.ts',
      // Deliberate violations, linted only by tests/unit/lint-rules.test.ts.
      'tests/fixtures/lint/',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      // Without these, import-x parses only .js files when it resolves imports for the zones below.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // `_`-prefixed names are deliberately unused (positional parameters, destructured-away fields).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './domain',
              from: ['./functions', './infra', './web', './tests', './bench'],
              message: 'domain/ is the core: it imports nothing outside domain/.',
            },
            {
              target: './web',
              from: ['./functions', './infra'],
              message: 'web/ talks to the backend over HTTP only; shared types live in domain/.',
            },
            {
              target: './functions',
              from: ['./infra', './web'],
              message: 'functions/ is deployed by infra/, it does not import it.',
            },
            {
              target: ['./web/src/ui', './web/src/lib'],
              from: ['./web/src/features', './web/src/app'],
              message: 'web/src/ui and web/src/lib are the bottom layer: they import no feature and no app module.',
            },
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'Features are composed by web/src/app, they do not import it.',
            },
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move the shared part to web/src/lib or web/src/ui.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Tests and the benchmark read untyped JSON (CloudFormation templates, HTTP answers): `any` there
    // is the honest type. Production code has none.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The web names an API path only through its contract: web/src/lib/contract-keys.ts builds every SWR key and
    // invalidation from it, so a hand-typed '/api/…' string is a key no contract checks. Module paths (…/api/…) pass.
    files: ['web/src/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: String.raw`Literal[value=/\x2Fapi\x2F/]:not(ImportDeclaration > .source, ImportExpression > .source, ExportNamedDeclaration > .source, ExportAllDeclaration > .source)`,
          message: "No '/api/' path in web/src: use the contract (keyOf, isKeyOf from @/lib/contract-keys).",
        },
        {
          selector: String.raw`TemplateElement[value.raw=/\x2Fapi\x2F/]`,
          message: "No '/api/' path in web/src: use the contract (keyOf, isKeyOf from @/lib/contract-keys).",
        },
      ],
    },
  },
  {
    files: ['domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ioModules,
              message: 'domain/ is pure: I/O and runtime modules belong in functions/, infra/ or web/.',
            },
          ],
        },
      ],
    },
  },
);
