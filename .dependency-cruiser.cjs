// Import loops, type-only imports included, and the floors of functions/: `npm run lint:cycles` (ESLint checks neither).

// The floors of functions/, lowest first. A folder imports its own modules and those of the floors below it, never a
// folder beside or above it, so every import points down and no loop can run between folders. The top floor holds
// the entry points nothing in functions/ imports.
const floors = [
  ['adapters'],
  ['store'],
  ['views'],
  ['accounts', 'betting', 'projector', 'providers'],
  ['lifecycle'],
  ['jobs'],
  ['deploy', 'http', 'rotation', 'seed'],
];
const inFolders = (folders) => `^functions/(${folders.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module must not reach itself through its imports, type imports too: split the shared part out.',
      from: {},
      to: { circular: true },
    },
    ...floors.map((floor, index) => ({
      name: `functions-floors-point-down`,
      severity: 'error',
      comment: `functions/{${floor}} imports only its own folder and the floors below it (${floors
        .slice(0, index)
        .flat()
        .join(', ')}): move what both need down to the lower floor.`,
      from: { path: inFolders(floor) },
      to: { path: inFolders(floors.slice(index).flat()), pathNot: '^functions/$1/' },
    })),
    {
      name: 'functions-folder-has-a-floor',
      severity: 'error',
      comment: 'Every folder of functions/ stands on a floor: add a new one to `floors` in .dependency-cruiser.cjs.',
      from: { path: '^functions/', pathNot: inFolders(floors.flat()) },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|web/dist|cdk\\.out|\\.data|tests/fixtures/lint)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
