import type { CommandInput } from '@quiver/core';
import { analyzeCommand, type CommandAnalysis } from '@quiver/shell';

/** A command analyzer with `analyzeCommand`'s shape (SPEC R2, R3, R8 give the segments I1 reads). */
export type CommandAnalyzer = (command: CommandInput) => Promise<CommandAnalysis>;

/**
 * The analyzer the screen uses: `analyzeCommand` from `@quiver/shell`, which loads its bash
 * parser on the first call, off the start-up path.
 */
export async function loadAnalyzer(): Promise<CommandAnalyzer> {
  return analyzeCommand;
}
