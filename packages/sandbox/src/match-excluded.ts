import type { CommandInput } from '@quiver/core';
import { analyzeCommand, matchPattern } from '@quiver/shell';

/**
 * The `sandbox.excludedCommands` pattern a command matches, if any: each segment (the
 * screen's R4 text, every segment at any depth) is matched against each pattern, as
 * `commandPermissions` does. A command the parser cannot read matches nothing, so it stays
 * in the sandbox. Given the call's screened command, the call's one parse is read.
 */
export async function matchExcluded(command: CommandInput, patterns: readonly string[]): Promise<string | undefined> {
  if (patterns.length === 0) return undefined;
  const analysis = await analyzeCommand(command);
  if (!analysis.ok) return undefined;
  for (const segment of analysis.segments) {
    const hit = patterns.find((p) => matchPattern(p, segment.text));
    if (hit) return hit;
  }
  return undefined;
}
