#!/usr/bin/env node
// The API reports: one committed `report.api.md` per entry of every public package
// (`report-<subpath>.api.md` for a subpath export such as `@quiver/core/host`), generated from
// the built declarations (dist/*.d.ts) with the TypeScript compiler. Each lists every exported
// name with its declaration, then the declarations the exports reach without exporting them,
// so a change to any public name or type shows in review.
//   node scripts/api-report.mjs            check: exit 1 naming each report that no longer matches
//   node scripts/api-report.mjs --update   rewrite the reports (`pnpm api:update` builds first)
// (api-extractor was tried first: it crashes on tsup's declaration chunks, "Child declaration
// not found", microsoft/rushstack#2834.) Checked in the suite by e2e/api-report.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');

/** Every public package's entries that carry types: `{ dir, name, entry, file }`. */
export function apiEntries() {
  const dirs = ['packages', 'plugins', 'apps']
    .flatMap((group) => readdirSync(join(root, group)).map((d) => join(root, group, d)))
    .filter((dir) => existsSync(join(dir, 'package.json')));
  const entries = [];
  for (const dir of dirs) {
    const pj = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (pj.private || typeof pj.exports !== 'object') continue;
    for (const [key, target] of Object.entries(pj.exports)) {
      const types = typeof target === 'object' && target ? target.types : undefined;
      if (typeof types !== 'string') continue;
      const report = key === '.' ? 'report.api.md' : `report-${key.slice(2).replace(/\//g, '-')}.api.md`;
      entries.push({ dir, name: key === '.' ? pj.name : `${pj.name}/${key.slice(2)}`, entry: join(dir, types), file: join(dir, report) });
    }
  }
  return entries;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** The report text of every entry: Map<report file, text>. Throws when a package is not built. */
export function buildReports(entries = apiEntries()) {
  const missing = entries.filter((e) => !existsSync(e.entry));
  if (missing.length) throw new Error(`No built declarations for ${missing.map((e) => e.name).join(', ')}: run \`pnpm build\` first.`);
  const program = ts.createProgram(
    entries.map((e) => e.entry),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    },
  );
  const checker = program.getTypeChecker();
  const reports = new Map();
  for (const e of entries) reports.set(e.file, report(e, program, checker));
  return reports;
}

function report(e, program, checker) {
  const source = program.getSourceFile(e.entry);
  if (!source) throw new Error(`${e.name}: ${relative(root, e.entry)} could not be read`);
  // A declaration file with no export at all has no module symbol: an empty API.
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const dist = dirname(e.entry) + sep;
  const resolve = (s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  const own = (s) => (s.declarations ?? []).some((d) => d.getSourceFile().fileName.startsWith(dist));
  // A top-level declaration of this package (not a type parameter, a member or a local).
  const topLevel = (s) =>
    (s.declarations ?? []).some(
      (d) => ts.isSourceFile(d.parent) || (ts.isVariableDeclaration(d) && ts.isSourceFile(d.parent.parent.parent)),
    );
  const exported = (moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []).sort((a, b) => cmp(a.name, b.name));
  const seen = new Set(exported.map(resolve));
  const reached = [];
  const lines = [];
  const visit = (node) => {
    const name = ts.isTypeReferenceNode(node)
      ? node.typeName
      : ts.isExpressionWithTypeArguments(node) || ts.isTypeQueryNode(node)
        ? (node.expression ?? node.exprName)
        : undefined;
    if (name) {
      const s = checker.getSymbolAtLocation(ts.isQualifiedName(name) ? leftmost(name) : name);
      const target = s && resolve(s);
      if (target && !seen.has(target) && own(target) && topLevel(target)) {
        seen.add(target);
        reached.push(target);
      }
    }
    ts.forEachChild(node, visit);
  };
  const print = (lines, symbol, as) => {
    for (const d of symbol.declarations ?? []) {
      if (!own(symbol)) {
        lines.push(`export { ${symbol.name}${as && as !== symbol.name ? ` as ${as}` : ''} } from '${moduleOf(d)}';`);
        continue;
      }
      const text = printer.printNode(ts.EmitHint.Unspecified, ts.isVariableDeclaration(d) ? d.parent.parent : d, d.getSourceFile());
      lines.push(as !== undefined && as !== symbol.name ? `// exported as ${as}\n${text}` : text);
      visit(d);
    }
  };
  for (const s of exported) print(lines, resolve(s), s.name);
  const head = [
    `## API Report File for "${e.name}"`,
    '',
    `> Do not edit this file: \`pnpm api:update\` generates it from \`${relative(e.dir, e.entry)}\` (scripts/api-report.mjs).`,
    '',
  ];
  const body = ['```ts', `// ${exported.length} exports`, '', ...lines.flatMap((l) => [l, ''])];
  if (reached.length) {
    body.push('// reached from the exports, not exported by name', '');
    // Reached declarations may reach further ones: print until no new one turns up.
    const more = [];
    for (let i = 0; i < reached.length; i++) print(more, reached[i]);
    body.push(...more.flatMap((l) => [l, '']));
  }
  return `${[...head, ...body].join('\n').replace(/\n+$/, '')}\n\`\`\`\n`;
}

function leftmost(name) {
  while (ts.isQualifiedName(name)) name = name.left;
  return name;
}

function moduleOf(d) {
  const file = d.getSourceFile().fileName;
  const at = file.lastIndexOf('/node_modules/');
  return at === -1 ? relative(root, file) : file.slice(at + 14).replace(/\/(index)?\.d\.[mc]?ts$/, '');
}

function cmp(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const update = process.argv.includes('--update');
  const reports = buildReports();
  let stale = 0;
  for (const [file, text] of reports) {
    const now = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (now === text) continue;
    stale++;
    if (update) writeFileSync(file, text);
    process.stdout.write(`${update ? 'wrote' : 'differs:'} ${relative(root, file)}\n`);
  }
  if (update) process.stdout.write(`api-report: ${stale} of ${reports.size} reports rewritten\n`);
  else if (stale) {
    process.stdout.write(
      `api-report: ${stale} of ${reports.size} reports do not match the built API. If the change is intended, run \`pnpm api:update\` and commit the reports.\n`,
    );
    process.exitCode = 1;
  } else process.stdout.write(`api-report: all ${reports.size} reports match\n`);
}
