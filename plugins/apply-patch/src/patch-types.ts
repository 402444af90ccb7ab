/** One change inside an updated file: at `origIndex`, delete `delLines` and insert `insLines`. */
export interface Chunk {
  /** 0-based line of the original file where the change starts. */
  origIndex: number;
  delLines: string[];
  insLines: string[];
}

/** A file operation of a patch. */
export type PatchAction =
  | { type: 'add'; path: string; content: string }
  | { type: 'delete'; path: string }
  | { type: 'update'; path: string; movePath?: string; chunks: Chunk[] };

/** A hunk whose context could not be found: reported, never skipped silently. */
export interface HunkFailure {
  path: string;
  /** 1-based hunk number within its file section. */
  hunk: number;
  message: string;
}

/** The parsed patch: its actions, the total fuzz, and every hunk that failed. */
export interface ParsedPatch {
  actions: PatchAction[];
  fuzz: number;
  failures: HunkFailure[];
}

/** The V4A markers (SPEC Part B §15.3). */
export const MARKERS = {
  begin: '*** Begin Patch',
  end: '*** End Patch',
  add: '*** Add File: ',
  update: '*** Update File: ',
  delete: '*** Delete File: ',
  move: '*** Move to: ',
  endOfFile: '*** End of File',
} as const;

/** True for a line that starts a file section or ends the patch. */
export function isSectionStart(line: string): boolean {
  // Headers may be indented (Codex accepts `  *** Update File: x`).
  const l = line.trimStart();
  return l.startsWith(MARKERS.end) || l.startsWith(MARKERS.add) || l.startsWith(MARKERS.update) || l.startsWith(MARKERS.delete);
}
