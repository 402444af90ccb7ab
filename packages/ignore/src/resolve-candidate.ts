import { posix } from 'node:path';
import { malformedReason, resolvePhysical } from '@quiver/workspace';

/** A directory a command's relative paths start from: as written and physically. */
export interface CommandBase {
  lexical: string;
  physical: string;
}

/** One way a candidate can be read as a path. */
export interface CandidatePath {
  lexical: string;
  resolved: string;
  exists: boolean;
  isDirectory: boolean;
}

/**
 * Resolve a path candidate as P1–P3 say, relative to a command's base directory. A candidate
 * that is not a well-formed path (P2) or cannot be resolved (P3: a loop, a file used as a
 * directory) names no file, so it yields nothing. A leading `~` is `$HOME` (P1) when it was
 * unquoted in the command; a quoted `"~/x"` stays literal in bash, so it is a relative path.
 *
 * @param text - The candidate, quote-removed.
 * @param base - The directory the command runs in.
 * @param home - `$HOME`.
 * @param tildeIsHome - Whether a leading `~` was unquoted.
 */
export async function resolveCandidate(text: string, base: CommandBase, home: string, tildeIsHome = true): Promise<CandidatePath[]> {
  if (malformedReason(text) !== undefined) return [];
  const readings = tildeIsHome && (text === '~' || text.startsWith('~/')) ? [`${home}${text.slice(1)}`] : [text];
  const out: CandidatePath[] = [];
  for (const reading of readings) {
    try {
      const physical = await resolvePhysical(base.physical, reading);
      out.push({ lexical: posix.resolve(base.lexical, reading), ...physical });
    } catch {
      // P3 failure: the command would fail on this word too; it names no readable file.
    }
  }
  return out;
}

/**
 * The base for a directory named in a command (`cd x`), relative to another base.
 *
 * @param text - The directory as written (`~` allowed).
 * @param from - The base it is relative to.
 * @param home - `$HOME`.
 */
export async function baseFor(text: string, from: CommandBase, home: string): Promise<CommandBase | undefined> {
  const reading = text === '~' || text.startsWith('~/') ? `${home}${text.slice(1)}` : text;
  try {
    const physical = await resolvePhysical(from.physical, reading);
    return { lexical: posix.resolve(from.lexical, reading), physical: physical.resolved };
  } catch {
    return undefined;
  }
}
