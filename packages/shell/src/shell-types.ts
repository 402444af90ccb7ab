/**
 * The shapes `analyzeCommand` returns. `@quiver/ignore` (I1–I5) consumes exactly these, so
 * fields are only ever added, never renamed.
 */

/** Where a segment came from (SPEC R2, R3, R8). */
export type SegmentOrigin = 'top' | 'substitution' | 'subshell' | 'process-substitution' | 'wrapper' | 'script' | 'find-exec' | 'eval';

/** One word of a segment, after quote removal but before any expansion. */
export interface ShellWord {
  /** Quote-removed, not expanded: `"a b"` → `a b`, `$(x)` and `$name` stay as source text. */
  value: string;
  /** The word's source text, exactly as written. */
  raw: string;
  /** An unquoted `*`, `?`, `[…]` or a brace expansion (`{a,b}`, `{1..3}`). */
  hasUnquotedGlob: boolean;
  /** An unquoted or double-quoted `$x`, `${x}`, `$(…)`, backtick or `<(…)`/`>(…)`. */
  hasExpansion: boolean;
  /** Fixed text in the sense of R5: no expansion, no unquoted glob or `{`, no leading `~`. */
  isStatic: boolean;
}

/** One redirection of a segment (SPEC R6). */
export interface ShellRedirect {
  /** The operator: `>`, `>>`, `<`, `<>`, `>|`, `>&`, `<&`, `&>`, `&>>`, `<<<`. */
  op: string;
  /** The descriptor written before the operator (`2` in `2>f`, `{fd}` in `{fd}>f`). */
  fd?: string;
  /** The file, descriptor or here-string word. */
  target?: ShellWord;
  /** Duplicating or closing a descriptor (`2>&1`, `>&2`, `N>&-`): always permitted. */
  isDup: boolean;
}

/** One simple command, top-level or nested, as the rules see it. */
export interface ShellSegment {
  /** The R4 text: assignments and quote-removed words joined by one space, redirections removed. */
  text: string;
  origin: SegmentOrigin;
  /** 0 for top-level segments; one more for each substitution, subshell, wrapper or script. */
  depth: number;
  /** Leading `NAME=value` words (value quote-removed). */
  assignments: ShellWord[];
  /** The command word first (after the assignments), then its arguments. */
  words: ShellWord[];
  redirects: ShellRedirect[];
  /** The last path component of the command word's value (`/usr/bin/curl` → `curl`). */
  commandName?: string;
}

/** A refusal by the analyzer: which rule, why, and what it tripped on. */
export interface CommandAnalysisDenial {
  ok: false;
  /** `R1`, `R8` or `R9`. */
  rule: string;
  /** A human sentence saying what is wrong. */
  reason: string;
  /** The offending construct, word or character. */
  subject?: string;
  /** A short machine reason: `parse_error`, `unsafe_syntax`, `wrapper_option`, `limit`. */
  code?: string;
}

/** The result of {@link analyzeCommand}. */
export type CommandAnalysis = { ok: true; segments: ShellSegment[] } | CommandAnalysisDenial;
