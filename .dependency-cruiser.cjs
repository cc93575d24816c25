/**
 * The server's module graph, checked by dependency-cruiser (`npm run deps:check`, part of `npm run lint`).
 * eslint.config.js keeps the layers (platform <- http <- modules <- app) and each module's tables; this file
 * keeps the modules free of import cycles, makes each module's index.ts its only door, and shows their
 * dependency graph (`npm run deps:graph`). The layers among the modules: docs/decisions/0047.
 */
const MODULES = '^apps/server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment:
        'Server modules import each other without cycles: move what two modules share into platform/, http/ or ' +
        'the access layer, or turn one direction around (a callback, an event, the caller passing the value).',
      from: { path: MODULES },
      to: { circular: true },
    },
    {
      // Barrels can hide a loop between modules from the file-level rule above (a -> B/index -> b -> A/index
      // -> a2, where A/index does not lead back to a): this one checks the graph of module folders.
      name: 'no-module-level-cycles',
      severity: 'error',
      comment:
        'Server modules form layers (docs/decisions/0047): no module reaches, through any other, back to itself. ' +
        'Turn one direction around: the app (modules/index.ts) passes the lower module the call it needs.',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { circular: true },
    },
    {
      name: 'module-public-face',
      severity: 'error',
      comment:
        "A module reaches another through that module's index.ts only (its public face), never its other files. " +
        'Test files are exempt: they set up and inspect state as an operator would.',
      from: { path: `${MODULES}([^/]+)/`, pathNot: '\\.test\\.ts$' },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
  ],
  options: {
    includeOnly: '^apps/server/src/',
    exclude: { path: ['\\.test\\.ts$', '/test/', '\\.contract\\.ts$'] },
    // Type-only imports count too: a cycle through types is still two modules that know each other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
