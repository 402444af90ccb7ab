import { LIMITS, type AnalysisContext, type Level } from './analysis-context.js';
import { loadParser } from './load-parser.js';
import type { ShellNode } from './mvdan-syntax.js';
import { screenSyntax } from './screen-syntax.js';
import { shellDenial, toAnalysisDenial } from './shell-denial.js';
import type { CommandAnalysis, SegmentOrigin } from './shell-types.js';
import { createSourceText, type SourceText } from './source-text.js';
import { fixComments } from './comment-fixes.js';
import { walkStatements } from './walk-statements.js';

/** Each screened command's one parse (see {@link analyzeCommand}); weak, so it goes with the call. */
const parsed = new WeakMap<object, Promise<CommandAnalysis>>();

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Parse a bash command and split it into the segments the permission rules judge (SPEC
 * R1–R4, R8, R9): every simple command, nested ones (`$(…)`, backticks, `<(…)`, `>(…)`,
 * subshells) and unwrapped ones (`sudo …`, `sh -c '…'`, `eval …`, `find -exec …`) included,
 * as one flat list in source order. Anything outside the supported bash subset, and any
 * failure or exceeded limit, is a denial naming the rule.
 *
 * The parser (mvdan-sh) is loaded on the first call, not at import.
 *
 * Given the call's screened command (`config.command`, or any object with a `text`) instead
 * of a string, the analysis is computed once for that object and shared: the permission gate,
 * the ignore screen, the classifier and the sandbox of one call read one parse. The result is
 * shared, so callers must not change it.
 *
 * @param command - the command line as the model wrote it, or the call's screened command
 * @example
 * const a = await analyzeCommand('echo $(whoami) | tee out');
 * // a.ok && a.segments.map((s) => s.text) → ['echo $(whoami)', 'whoami', 'tee out']
 */
export function analyzeCommand(command: string | { readonly text: string }): Promise<CommandAnalysis> {
  if (typeof command !== 'object' || command === null) return analyze(command);
  let analysis = parsed.get(command);
  if (!analysis) parsed.set(command, (analysis = analyze(command.text)));
  return analysis;
}

/** The text of a command given as a string or as a screened command. */
export function commandText(command: string | { readonly text: string }): string {
  return typeof command === 'object' && command !== null ? command.text : command;
}

async function analyze(command: string): Promise<CommandAnalysis> {
  try {
    if (typeof command !== 'string') throw shellDenial('R1', 'parse_error', 'the command is not a string');
    const parser = await loadParser();
    const ctx: AnalysisContext = {
      parser,
      segments: [],
      analyzeScript: (text, origin, depth) => analyzeText(ctx, text, origin, depth),
    };
    analyzeText(ctx, command, 'top', 0);
    return { ok: true, segments: ctx.segments };
  } catch (e) {
    return toAnalysisDenial(e);
  }
}

function analyzeText(ctx: AnalysisContext, text: string, origin: SegmentOrigin, depth: number): void {
  const where = origin === 'top' ? 'the command' : origin === 'eval' ? 'the eval script' : 'the shell script';
  if (text.length > LIMITS.maxLength) throw shellDenial('R9', 'limit', `${where} is longer than ${LIMITS.maxLength} characters`);
  if (depth > LIMITS.maxDepth) throw shellDenial('R9', 'limit', `the command nests deeper than ${LIMITS.maxDepth} levels`);
  if (LONE_SURROGATE.test(text)) throw shellDenial('R1', 'unsafe_syntax', `${where} contains an unpaired UTF-16 surrogate`);
  if (bracketNesting(text) > LIMITS.maxBracketNesting) {
    throw shellDenial('R9', 'limit', `${where} nests brackets more than ${LIMITS.maxBracketNesting} deep`);
  }
  const { file, src } = parseLikeBash(ctx, text, where);
  screenSyntax(file, src, ctx.parser);
  if (!(file.Stmts as ShellNode[]).length) {
    throw shellDenial('R1', 'unsafe_syntax', `${where} is empty (only whitespace or a comment)`, text.trim() || undefined);
  }
  const level: Level = { src, origin, depth };
  walkStatements(ctx, level, file.Stmts);
}

/**
 * Parse, then re-parse while mvdan reads a comment where bash does not (`"a"#b`, a comment
 * ending in a backslash): `fixComments` rewrites the text to what bash reads. A text that
 * still disagrees after the limit is left for `screenSyntax` to deny.
 */
function parseLikeBash(ctx: AnalysisContext, text: string, where: string): { file: ShellNode; src: SourceText } {
  let src = createSourceText(text);
  let file = parse(ctx, text, where);
  for (let i = 0; i < LIMITS.maxCommentFixes; i++) {
    const fixed = fixComments(file, src);
    if (fixed === undefined) break;
    src = createSourceText(fixed);
    file = parse(ctx, fixed, where);
  }
  return { file, src };
}

/** mvdan's parse errors are Go errors with an `Error()` method; anything else is rethrown (R9). */
function parse(ctx: AnalysisContext, text: string, where: string): ShellNode {
  try {
    return ctx.parser.parse(text);
  } catch (e) {
    const goError = e as { Error?: () => string } | null;
    if (goError && typeof goError.Error === 'function') {
      throw shellDenial('R1', 'parse_error', `${where} does not parse as bash: ${goError.Error()}`);
    }
    throw e;
  }
}

/**
 * The deepest run of open brackets, counted crudely (quotes ignored). It only guards the
 * parser's stack cheaply; a stack overflow that slips past it still denies (R9).
 */
function bracketNesting(text: string): number {
  let depth = 0;
  let max = 0;
  for (const c of text) {
    if (c === '(' || c === '{' || c === '[') max = Math.max(max, ++depth);
    else if ((c === ')' || c === '}' || c === ']') && depth > 0) depth--;
  }
  return max;
}
