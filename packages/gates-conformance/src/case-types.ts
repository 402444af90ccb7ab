/**
 * The row shapes of the conformance corpus. Every table in `cases/` is a list of
 * `{ description, input, config, expected }` rows built from the rule text of SPEC Part A,
 * never from the implementation.
 */

/** The `commandPermissions` config of a row; `null` means the key is absent (no restriction). */
export type PermissionsConfig = {
  allow?: unknown;
  deny?: unknown;
  allowRedirects?: unknown;
} | null;

/** What a gate must answer. `rule` is checked only when given. */
export interface Expected {
  allowed: boolean;
  /** The rule a denial must name (`R1`…`R9`, `P2`…`P7`, `I1`…`I4`). */
  rule?: string;
  /** Rules any one of which may name the denial (e.g. `R7` or `R9` for a long chain). */
  ruleOneOf?: string[];
}

/** One command-permission row (R1–R9). */
export interface CommandCase {
  /** Rule family and the clause the row exercises. */
  description: string;
  input: string;
  config: PermissionsConfig;
  expected: Expected;
  /**
   * Set when the implementation is known to answer differently and the difference is a
   * fail-closed parser limitation, not a rule reading (the row runs as an expected failure,
   * so fixing the gap makes it show up).
   */
  knownGap?: string;
}

/** Verdict of the path gates for one path: refused, outside every root, or inside. */
export type PathVerdict = 'deny' | 'outside' | 'inside';

/** One path-resolution row (P1–P4), resolved against a fixture tree. */
export interface PathCase {
  description: string;
  /** The path as a tool parameter. `{root}`, `{base}` and `{home}` are replaced by fixture paths. */
  input: string;
  /** Which fixture roots the workspace has (default: the main root). */
  config?: { roots?: string[]; home?: string };
  expected: {
    verdict: PathVerdict;
    rule?: string;
    /** The physical path, relative to the fixture base (checked when given). */
    resolved?: string;
  };
}

/** Access a path-gate row is checked for. */
export type Access = 'read' | 'write' | 'list' | 'search';

/** One ignore row for a path tool (P4–P7). */
export interface IgnorePathCase {
  description: string;
  input: string;
  config: { access: Access; ignore?: string };
  /** `outside` means the path is outside every root, whatever the ignore rules say (P4). */
  expected: { verdict: 'allow' | 'deny' | 'outside'; rule?: string };
}

/** One shell-command ignore row (I1–I5). */
export interface ScreenCase {
  description: string;
  input: string;
  /** Working directory relative to the fixture root (default `.`), and `$HOME` (fixture-relative). */
  config?: { cwd?: string; home?: string };
  expected: Expected;
}
