import { pushSegment, lastPathComponent, type AnalysisContext, type Level } from './analysis-context.js';
import { buildAssignWord, buildWord, literalWord, type BuiltWord } from './build-word.js';
import type { ShellNode } from './mvdan-syntax.js';
import { shellDenial } from './shell-denial.js';
import type { ShellRedirect, ShellSegment, ShellWord } from './shell-types.js';
import { unwrapSegment } from './unwrap-command.js';

/** Parts of a segment collected from the AST, with the substitutions found in them. */
interface Collected {
  assignments: ShellWord[];
  words: ShellWord[];
  redirects: ShellRedirect[];
  nested: ShellNode[];
}

/** R2/R3: turn a statement list into segments, depth-first in source order. */
export function walkStatements(ctx: AnalysisContext, level: Level, stmts: ShellNode[]): void {
  for (const stmt of stmts) walkStatement(ctx, level, stmt);
}

function walkStatement(ctx: AnalysisContext, level: Level, stmt: ShellNode): void {
  const cmd: ShellNode | null = stmt.Cmd;
  const type = cmd ? cmd.type : 'none';
  const first = ctx.segments.length;
  if (type === 'BinaryCmd') {
    walkStatement(ctx, level, cmd!.X);
    walkStatement(ctx, level, cmd!.Y);
    attachRedirects(ctx, level, stmt, first);
    return;
  }
  if (type === 'Subshell') {
    walkStatements(ctx, { ...level, origin: 'subshell', depth: level.depth + 1 }, cmd!.Stmts);
    attachRedirects(ctx, level, stmt, first);
    return;
  }
  const parts: Collected = { assignments: [], words: [], redirects: [], nested: [] };
  if (type === 'CallExpr') collectCall(ctx, level, cmd!, parts);
  else if (type === 'DeclClause') collectDecl(ctx, level, cmd!, parts);
  else if (type !== 'none')
    throw shellDenial('R1', 'unsafe_syntax', `the shell construct ${type} is outside the permitted shell subset`, type);
  collectRedirects(ctx, level, stmt, parts);
  emitSegment(ctx, level, parts);
}

function emitSegment(ctx: AnalysisContext, level: Level, parts: Collected): void {
  const segment: ShellSegment = {
    text: [...parts.assignments, ...parts.words].map((w) => w.value).join(' '),
    origin: level.origin,
    depth: level.depth,
    assignments: parts.assignments,
    words: parts.words,
    redirects: parts.redirects,
  };
  if (parts.words.length) segment.commandName = lastPathComponent(parts.words[0].value);
  pushSegment(ctx, segment);
  unwrapSegment(ctx, segment);
  walkNested(ctx, level, parts.nested);
}

/** R3: every `$(…)`, backtick, `<(…)` and `>(…)` is walked as a nested statement list. */
function walkNested(ctx: AnalysisContext, level: Level, nested: ShellNode[]): void {
  const ordered = [...nested].sort((a, b) => a.pos - b.pos);
  for (const node of ordered) {
    const isProc = node.type === 'ProcSubst';
    walkStatements(ctx, { ...level, origin: isProc ? 'process-substitution' : 'substitution', depth: level.depth + 1 }, node.Stmts);
  }
}

function take(parts: Collected, built: BuiltWord, into: ShellWord[]): void {
  into.push(built.word);
  parts.nested.push(...built.nested);
}

function collectCall(ctx: AnalysisContext, level: Level, call: ShellNode, parts: Collected): void {
  for (const assign of call.Assigns as ShellNode[]) take(parts, buildAssignWord(level.src, ctx.parser, assign), parts.assignments);
  for (const arg of call.Args as ShellNode[]) take(parts, buildWord(level.src, ctx.parser, arg), parts.words);
}

/** mvdan parses `export`, `declare`, `local`, `readonly`, `typeset` specially; they are plain commands here. */
function collectDecl(ctx: AnalysisContext, level: Level, decl: ShellNode, parts: Collected): void {
  parts.words.push(literalWord(String(decl.Variant.Value)));
  for (const arg of decl.Args as ShellNode[]) {
    if (!arg.Naked) take(parts, buildAssignWord(level.src, ctx.parser, arg), parts.words);
    else if (arg.Value) take(parts, buildWord(level.src, ctx.parser, arg.Value), parts.words);
    else parts.words.push(literalWord(String(arg.Name.Value)));
  }
}

function collectRedirects(ctx: AnalysisContext, level: Level, stmt: ShellNode, parts: Collected): void {
  for (const redirect of (stmt.Redirs ?? []) as ShellNode[]) {
    const op = ctx.parser.redirectOps.get(redirect.Op);
    if (op === undefined) throw shellDenial('R1', 'unsafe_syntax', 'an unknown redirection operator was found');
    const built = redirect.Word ? buildWord(level.src, ctx.parser, redirect.Word) : undefined;
    const target = built?.word;
    if (built) parts.nested.push(...built.nested);
    const isDup = (op === '>&' || op === '<&') && !!target && !target.hasExpansion && /^(?:[0-9]+-?|-)$/.test(target.value);
    const entry: ShellRedirect = { op, isDup };
    if (redirect.N) entry.fd = String(redirect.N.Value);
    if (target) entry.target = target;
    parts.redirects.push(entry);
  }
}

/**
 * Redirections on a subshell apply to every command inside it, so every segment found inside
 * carries them (R6 and the ignore screen both see them, however deep the commands sit).
 */
function attachRedirects(ctx: AnalysisContext, level: Level, stmt: ShellNode, first: number): void {
  if (!(stmt.Redirs ?? []).length) return;
  const parts: Collected = { assignments: [], words: [], redirects: [], nested: [] };
  collectRedirects(ctx, level, stmt, parts);
  for (const segment of ctx.segments.slice(first)) segment.redirects.push(...parts.redirects);
  walkNested(ctx, level, parts.nested);
}
