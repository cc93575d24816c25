/**
 * The server modules' import graph, cruised by dependency-cruiser with the rules in .dependency-cruiser.cjs.
 *
 *   node tools/module-deps.mjs check   (npm run deps:check, part of npm run lint): prints every error (an
 *                                      import cycle through apps/server/src/modules, between files or between
 *                                      module folders, or a module reaching past another's index.ts) and exits
 *                                      1 on any; counts the warnings.
 *   node tools/module-deps.mjs graph   (npm run deps:graph): each module and the modules it imports, then the
 *                                      groups of modules that reach each other (module-level cycles), then
 *                                      every warning. `graph --mermaid` prints the module graph as a mermaid
 *                                      flowchart instead.
 */
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOT = 'apps/server/src';
const MODULES = `${ROOT}/modules/`;

const [command, ...flags] = process.argv.slice(2);
if (command !== 'check' && command !== 'graph') {
  console.error('usage: node tools/module-deps.mjs check | graph [--mermaid]');
  process.exit(2);
}

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const result = await cruise(
  [ROOT],
  { ...options, validate: true, outputType: 'json' },
  {},
  {
    tsConfig: extractTSConfig(options.tsConfig.fileName),
  },
);
const { modules, summary } = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
const errors = summary.violations.filter((violation) => violation.rule.severity === 'error');
const warnings = summary.violations.filter((violation) => violation.rule.severity === 'warn');

/** `apps/server/src/modules/users/users.service.ts` -> `users`; null outside the modules (modules/index.ts too). */
function moduleOf(file) {
  const [name, ...rest] = file.startsWith(MODULES) ? file.slice(MODULES.length).split('/') : [];
  return rest.length > 0 ? name : null;
}
const short = (file) => (file.startsWith(MODULES) ? file.slice(MODULES.length) : file.replace(`${ROOT}/`, ''));

function describe(violation) {
  if (violation.type === 'cycle') {
    const path = [violation.from, ...violation.cycle.map((step) => step.name)].map(short).join(' -> ');
    return `${violation.rule.name}: ${path}`;
  }
  return `${violation.rule.name}: ${short(violation.from)} -> ${short(violation.to)}`;
}

/** Module -> the other modules it imports (type-only imports included), each with the files that do it. */
function moduleGraph() {
  const graph = new Map();
  for (const file of modules) {
    const from = moduleOf(file.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (!to || to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(`${short(file.source)} -> ${short(dependency.resolved)}`);
    }
  }
  return new Map([...graph].sort(([a], [b]) => a.localeCompare(b)));
}

/** Groups of two or more modules that each reach the others (Tarjan's strongly connected components). */
function moduleCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** `3 (no-module-cycles: 2, module-public-face: 1)`. */
function tally(violations) {
  const byRule = new Map();
  for (const { rule } of violations) byRule.set(rule.name, (byRule.get(rule.name) ?? 0) + 1);
  const rules = [...byRule].map(([name, count]) => `${name}: ${count}`).join(', ');
  return rules ? `${violations.length} (${rules})` : '0';
}

if (command === 'check') {
  for (const violation of errors) console.error(`error ${describe(violation)}`);
  for (const name of new Set(errors.map((violation) => violation.rule.name))) {
    const rule = options.ruleSet.forbidden.find((candidate) => candidate.name === name);
    if (rule?.comment) console.error(`${name}: ${rule.comment}`);
  }
  console.log(
    `deps:check: ${summary.totalCruised} files cruised; errors ${tally(errors)}; warnings ${tally(warnings)}` +
      (warnings.length > 0 ? ' (npm run deps:graph lists them)' : ''),
  );
  process.exit(errors.length > 0 ? 1 : 0);
}

const graph = moduleGraph();
if (flags.includes('--mermaid')) {
  console.log('flowchart LR');
  for (const [from, edges] of graph) {
    if (edges.size === 0) console.log(`  ${from}`);
    for (const [to, files] of edges) console.log(`  ${from} -->|${files.length}| ${to}`);
  }
  process.exit(0);
}

console.log(`Modules (${MODULES}) and the modules each imports, with how many imports:`);
for (const [from, edges] of graph) {
  const targets = [...edges].map(([to, files]) => `${to} (${files.length})`).join(', ');
  console.log(`  ${from} -> ${targets || '(none)'}`);
}
const cycles = moduleCycles(graph);
console.log(`\nGroups of modules that reach each other (module-level cycles): ${cycles.length}`);
for (const group of cycles) console.log(`  ${group.join(', ')}`);
console.log(`\nErrors: ${errors.length}`);
for (const violation of errors) console.log(`  ${describe(violation)}`);
console.log(`\nWarnings: ${warnings.length}`);
for (const violation of warnings) console.log(`  ${describe(violation)}`);
