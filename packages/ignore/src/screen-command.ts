import { homedir } from 'node:os';
import { posix } from 'node:path';
import type { CommandInput, GateDecision, WorkspaceRoot } from '@quiver/core';
import { isPathInside } from '@quiver/workspace';
import { describeMatch } from './decide-path.js';
import { ExpansionLimitError, expandBraces } from './expand-braces.js';
import { expandGlob, GlobUnreadableError } from './expand-glob.js';
import { findIgnoredEntry, type EntryWalkResult } from './find-ignored-entry.js';
import { recursiveReader } from './recursive-reader.js';
import { baseFor, resolveCandidate, type CommandBase } from './resolve-candidate.js';
import type { RootedMatch } from './rules-registry.js';
import { segmentCandidates, type Candidate } from './segment-candidates.js';
import type { WordToken } from './word-tokens.js';
import type { CommandAnalysis as ScreenAnalysis, ShellSegment as ScreenSegment } from '@quiver/shell';
import type { CommandAnalyzer } from './shell-analysis.js';

/** What the command screen needs from the ignore service. */
export interface ScreenContext {
  analyzer(): Promise<CommandAnalyzer>;
  roots: readonly WorkspaceRoot[];
  match(absolutePath: string, isDirectory: boolean): RootedMatch | undefined;
}

/** Most path readings one command may need checked; more is a denial, never a pass (R9). */
const MAX_READINGS = 20_000;
const MAX_BASES = 8;

interface Run {
  ctx: ScreenContext;
  home: string;
  bases: CommandBase[];
  walked: Map<string, EntryWalkResult | undefined>;
  readings: number;
}

/**
 * SPEC I1–I4 for one shell command: parse it (unparsable → deny, as R1), take every path
 * candidate of every segment (I1), expand globs and braces against the filesystem (I2),
 * resolve each as P1–P5 relative to `cwd` and to any directory a `cd` in the command moves to,
 * and deny when one is ignored (I3) or when a recursive reader is pointed at a directory that
 * holds an ignored entry (I4). Candidates outside every root get no verdict.
 *
 * @param ctx - Analyzer, roots and matcher.
 * @param command - The command line, or the call's screened command (its one parse is read).
 * @param cwd - Where it would run (relative: to the primary root).
 */
export async function screenCommand(ctx: ScreenContext, input: CommandInput, cwd: string): Promise<GateDecision> {
  const command = typeof input === 'string' ? input : input.text;
  try {
    return await screenAnalysed(ctx, input, cwd);
  } catch (e) {
    // Fail closed: a screen that cannot finish has not shown the command to be harmless.
    return deny(
      'R9',
      command,
      `The command could not be screened for ignored paths (${(e as Error).message ?? e}); an error denies (rule R9).`,
    );
  }
}

async function screenAnalysed(ctx: ScreenContext, input: CommandInput, cwd: string): Promise<GateDecision> {
  const command = typeof input === 'string' ? input : input.text;
  const analysis = await analyze(ctx, input);
  if (!analysis.ok) {
    return deny(
      analysis.rule,
      analysis.subject ?? command,
      `The command cannot be screened for ignored paths: ${analysis.reason} (rule ${analysis.rule}).`,
    );
  }
  const home = process.env.HOME || homedir();
  const run: Run = {
    ctx,
    home,
    bases: await commandBases(analysis.segments, posix.resolve(ctx.roots[0].path, cwd), home),
    walked: new Map(),
    readings: 0,
  };
  for (const segment of analysis.segments) {
    try {
      const verdict = await screenSegment(run, segment);
      if (verdict) return verdict;
    } catch (e) {
      if (e instanceof ExpansionLimitError || e instanceof GlobUnreadableError) {
        return deny('I2', segment.text, `The command's paths cannot all be checked: ${e.message}. Name the files explicitly (rule I2).`);
      }
      throw e;
    }
  }
  return { allowed: true };
}

async function analyze(ctx: ScreenContext, command: CommandInput): Promise<ScreenAnalysis> {
  try {
    return await (await ctx.analyzer())(command);
  } catch (e) {
    return { ok: false, rule: 'R9', reason: `the analyzer failed (${(e as Error).message})` };
  }
}

function deny(rule: string, subject: string, reason: string): GateDecision {
  return { allowed: false, rule, subject, reason };
}

/** The working directory, plus every directory a static `cd`/`pushd` in the command moves to. */
async function commandBases(segments: ScreenSegment[], cwd: string, home: string): Promise<CommandBase[]> {
  const first = (await baseFor(cwd, { lexical: '/', physical: '/' }, home)) ?? { lexical: cwd, physical: cwd };
  const bases = [first];
  for (const segment of segments) {
    const name = segment.commandName ?? posix.basename(segment.words[0]?.value ?? '');
    if (name !== 'cd' && name !== 'pushd') continue;
    const target =
      segment.words
        .slice(1)
        .map((w) => w.value)
        .find((v) => !v.startsWith('-')) ?? home;
    for (const from of [...bases]) {
      const base = await baseFor(target, from, home);
      if (base && bases.length < MAX_BASES && !bases.some((b) => b.physical === base.physical)) bases.push(base);
    }
  }
  return bases;
}

/** What one segment's candidates showed: directories to check for I4, and whether any directory was named. */
interface SegmentScan {
  /** Directory (physical) → the candidate that named it, for I4. */
  dirs: Map<string, string>;
  /** A candidate named an existing directory, inside or outside: then no `.` is implied. */
  namedDirectory: boolean;
}

async function screenSegment(run: Run, segment: ScreenSegment): Promise<GateDecision | undefined> {
  const scan: SegmentScan = { dirs: new Map(), namedDirectory: false };
  for (const candidate of segmentCandidates(segment)) {
    for (const base of run.bases) {
      for (const reading of expandCandidate(run, candidate, base)) {
        const verdict = await screenReading(run, reading, base, scan);
        if (verdict) return verdict;
      }
    }
  }
  const program = segment.commandName ?? posix.basename(segment.words[0]?.value ?? '');
  const reader = recursiveReader(
    program,
    segment.words.slice(1).map((w) => w.value),
  );
  if (!reader) return undefined;
  const { dirs } = scan;
  if (!scan.namedDirectory && reader.impliesCwd) for (const base of run.bases) dirs.set(base.physical, '.');
  for (const [dir, text] of dirs) {
    const verdict = screenDirectory(run, program, dir, text);
    if (verdict) return verdict;
  }
  return undefined;
}

/** One way to read a candidate: its text, and whether a leading `~` in it is unquoted (so `$HOME`). */
interface Reading {
  text: string;
  tildeIsHome: boolean;
}

/** An unquoted `~` alone or before `/` is `$HOME` (P1); a quoted one is a literal name, as in bash. */
function leadingTilde(tokens: readonly WordToken[]): boolean {
  return tokens.length > 0 && !tokens[0].quoted && tokens[0].ch === '~' && (tokens.length === 1 || tokens[1].ch === '/');
}

/** The candidate itself, its brace words, and every filesystem match of its globs (I2). */
function expandCandidate(run: Run, candidate: Candidate, base: CommandBase): Reading[] {
  const readings = new Map<string, boolean>([[candidate.text, leadingTilde(candidate.tokens)]]);
  const isInside = (p: string) => run.ctx.roots.some((r) => isPathInside(p, r.path));
  const words = expandBraces(candidate.tokens);
  for (const word of words) {
    const text = word.map((t) => t.ch).join('');
    if (words.length > 1 && !readings.has(text)) readings.set(text, leadingTilde(word));
    // Matches are names read off the filesystem (a leading unquoted `~` already replaced).
    for (const match of expandGlob(word, { cwd: base.physical, home: run.home, isInside }))
      if (!readings.has(match)) readings.set(match, false);
  }
  return [...readings].map(([text, tildeIsHome]) => ({ text, tildeIsHome }));
}

async function screenReading(run: Run, reading: Reading, base: CommandBase, scan: SegmentScan): Promise<GateDecision | undefined> {
  if (++run.readings > MAX_READINGS) throw new ExpansionLimitError(`more than ${MAX_READINGS} paths to check`);
  const { text } = reading;
  const { dirs } = scan;
  for (const p of await resolveCandidate(text, base, run.home, reading.tildeIsHome)) {
    if (p.isDirectory) scan.namedDirectory = true;
    // P4/I3: outside every root there is no verdict here, whatever the lexical path says.
    if (!run.ctx.roots.some((r) => isPathInside(p.resolved, r.path))) {
      if (p.isDirectory && run.ctx.roots.some((r) => isPathInside(r.path, p.resolved))) dirs.set(p.resolved, text);
      continue;
    }
    const hit = run.ctx.match(p.resolved, p.isDirectory) ?? run.ctx.match(p.lexical, p.isDirectory);
    if (hit) return { ...deny('I3', text, `The command names "${text}": ${describeMatch(hit)} (rule I3).`), file: hit.source };
    if (p.isDirectory && !dirs.has(p.resolved)) dirs.set(p.resolved, text);
  }
  return undefined;
}

/** I4: a recursive reader pointed at `dir` (or at a folder holding a root) with an ignored entry below. */
function screenDirectory(run: Run, program: string, dir: string, text: string): GateDecision | undefined {
  const inside = run.ctx.roots.some((r) => isPathInside(dir, r.path));
  const targets = inside ? [dir] : run.ctx.roots.filter((r) => isPathInside(r.path, dir)).map((r) => r.path);
  for (const target of targets) {
    if (!run.walked.has(target)) {
      run.walked.set(
        target,
        findIgnoredEntry(target, { match: run.ctx.match, isInside: (p) => run.ctx.roots.some((r) => isPathInside(p, r.path)) }),
      );
    }
    const found = run.walked.get(target);
    if (!found) continue;
    if (found.kind === 'ignored') {
      return {
        ...deny(
          'I4',
          text,
          `"${program}" reads "${text}" recursively, and it holds an ignored entry: ${describeMatch(found.match)} (rule I4).`,
        ),
        file: found.match.source,
      };
    }
    const why = found.kind === 'limit' ? 'it holds too many entries to check' : `"${found.path}" cannot be read (${found.code})`;
    return deny('I4', text, `"${program}" reads "${text}" recursively, and ${why}; name the files explicitly (rule I4).`);
  }
  return undefined;
}
