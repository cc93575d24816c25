/**
 * The server's module graph, checked by dependency-cruiser (`npm run deps:check`, part of `npm run lint`).
 * eslint.config.js keeps the layers (platform <- http <- modules <- app) and each module's tables; this file
 * keeps the modules free of import cycles and shows their dependency graph (`npm run deps:graph`).
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
      name: 'module-public-face',
      severity: 'warn',
      comment: "A module reaches another through that module's index.ts only (its public face), never its other files.",
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
