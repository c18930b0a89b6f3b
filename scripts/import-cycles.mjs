/**
 * Fails on any import cycle in src/, `import type` included. ESLint's import-x/no-cycle skips
 * type-only imports (and has no option not to), yet a cycle of types is still two modules that
 * cannot be read apart: the shared types belong in a leaf module (memorials/types.ts,
 * lib/storage-types.ts). Dynamic import() is left out: a route's page loaded on demand is no cycle.
 * Run by `npm run lint`.
 */
import path from 'node:path';
import ts from 'typescript';

const root = process.cwd();
const config = ts.parseJsonConfigFileContent(ts.readConfigFile('tsconfig.json', ts.sys.readFile).config, ts.sys, root);
const files = new Set(config.fileNames.filter((file) => path.relative(root, file).startsWith(`src${path.sep}`)));

/** Every module a file imports or re-exports statically, as files of src/. */
function importsOf(file) {
  const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest);
  const found = [];
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const resolved = ts.resolveModuleName(specifier.text, file, config.options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && files.has(resolved)) found.push(resolved);
  }
  return found;
}

const graph = new Map([...files].map((file) => [file, importsOf(file)]));

// Tarjan's strongly connected components: each one with more than one file holds a cycle.
const order = new Map();
const low = new Map();
const stack = [];
const cycles = [];
function visit(file) {
  order.set(file, order.size);
  low.set(file, order.get(file));
  stack.push(file);
  for (const next of graph.get(file)) {
    if (!order.has(next)) visit(next);
    if (stack.includes(next)) low.set(file, Math.min(low.get(file), low.get(next)));
  }
  if (low.get(file) !== order.get(file)) return;
  const component = stack.splice(stack.indexOf(file));
  if (component.length > 1) cycles.push(component);
}
for (const file of graph.keys()) if (!order.has(file)) visit(file);

for (const component of cycles) {
  const inside = new Set(component);
  console.error('Import cycle (type-only imports count too); move the shared types to a leaf module:');
  for (const file of component) {
    for (const next of graph.get(file)) if (inside.has(next)) console.error(`  ${path.relative(root, file)} → ${path.relative(root, next)}`);
  }
}
process.exitCode = cycles.length > 0 ? 1 : 0;
