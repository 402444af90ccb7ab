/**
 * The slice of `@quiver/shell`'s `analyzeCommand` result that the command screen reads
 * (SPEC R2, R3, R8 give the segments; I1 reads their words).
 */
export interface ScreenWord {
  /** Quote-removed, not expanded. */
  value: string;
  /** Source text as written. */
  raw: string;
}

/** One simple command, top-level, nested or unwrapped. */
export interface ScreenSegment {
  text: string;
  assignments: ScreenWord[];
  /** The command word first. */
  words: ScreenWord[];
  redirects: { op: string; target?: ScreenWord; isDup: boolean }[];
  commandName?: string;
}

/** What the analyzer says about a command. */
export type ScreenAnalysis =
  | { ok: true; segments: ScreenSegment[] }
  | { ok: false; rule: string; reason: string; subject?: string };

/** A command analyzer: `analyzeCommand` from `@quiver/shell`. */
export type CommandAnalyzer = (command: string) => Promise<ScreenAnalysis>;

/**
 * Load `analyzeCommand` from `@quiver/shell` on first use, keeping the bash parser off the
 * start-up path.
 */
export async function loadAnalyzer(): Promise<CommandAnalyzer> {
  const mod = (await import('@quiver/shell')) as { analyzeCommand?: CommandAnalyzer };
  if (typeof mod.analyzeCommand !== 'function') throw new Error('@quiver/shell does not export analyzeCommand');
  return mod.analyzeCommand;
}
