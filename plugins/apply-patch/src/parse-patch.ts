import { parseUpdateSection } from './parse-update.js';
import { patchError } from './patch-error.js';
import { MARKERS, isSectionStart, type PatchAction, type ParsedPatch } from './patch-types.js';

/**
 * Parse a preprocessed V4A patch (SPEC Part B §15.3 "Parser", with Part A's fixes).
 *
 * @param lines - From {@link preprocessPatch}: `*** Begin Patch` … `*** End Patch`.
 * @param files - The current text (LF) of every file the patch updates or deletes, by the
 *   path as written in the patch.
 * @returns The actions, the total fuzz, and every hunk whose context was not found.
 * @throws `QUIVER_ERR_PATCH_FAILED` for a malformed patch, a missing file, a duplicate path.
 */
export function parsePatch(lines: string[], files: Readonly<Record<string, string>>): ParsedPatch {
  const parsed: ParsedPatch = { actions: [], fuzz: 0, failures: [] };
  const seen = new Map<string, string>();
  const claim = (path: string, kind: string) => {
    if (seen.has(path))
      throw patchError(
        `Duplicate ${kind} for file: ${path}. Each file may appear once per patch; merge its changes into one section.`,
        path,
      );
    seen.set(path, kind);
  };
  let i = 1;
  while (i < lines.length - 1) {
    // Section headers may be indented, as Codex accepts; the path is trimmed either way.
    const line = lines[i].trimStart();
    if (line.startsWith(MARKERS.update)) i = parseUpdate(lines, i, files, parsed, claim);
    else if (line.startsWith(MARKERS.delete)) i = parseDelete(lines, i, files, parsed, claim);
    else if (line.startsWith(MARKERS.add)) i = parseAdd(lines, i, files, parsed, claim);
    else if (line.trim() === '')
      i++; // a blank line between sections is harmless
    else throw patchError(`Unknown line while parsing: ${line}`);
  }
  return parsed;
}

type Claim = (path: string, kind: string) => void;

function parseUpdate(lines: string[], at: number, files: Readonly<Record<string, string>>, parsed: ParsedPatch, claim: Claim): number {
  const path = lines[at].trimStart().slice(MARKERS.update.length).trim();
  claim(path, 'update');
  if (!(path in files)) throw patchError(`Update File Error: Missing File: ${path}`, path);
  let i = at + 1;
  let movePath: string | undefined;
  if (lines[i]?.trimStart().startsWith(MARKERS.move)) {
    movePath = lines[i].trimStart().slice(MARKERS.move.length).trim();
    claim(movePath, 'move target');
    i++;
  }
  const section = parseUpdateSection(lines, i, path, files[path].split('\n'));
  if (section.chunks.length === 0 && section.failures.length === 0 && movePath === undefined) {
    throw patchError(`Update File Error: ${path} has no changes. Give at least one hunk with '+' or '-' lines.`, path);
  }
  parsed.actions.push({ type: 'update', path, movePath, chunks: section.chunks });
  parsed.fuzz += section.fuzz;
  parsed.failures.push(...section.failures);
  return section.next;
}

function parseDelete(lines: string[], at: number, files: Readonly<Record<string, string>>, parsed: ParsedPatch, claim: Claim): number {
  const path = lines[at].trimStart().slice(MARKERS.delete.length).trim();
  claim(path, 'delete');
  if (!(path in files)) throw patchError(`Delete File Error: Missing File: ${path}`, path);
  parsed.actions.push({ type: 'delete', path });
  return at + 1;
}

function parseAdd(lines: string[], at: number, files: Readonly<Record<string, string>>, parsed: ParsedPatch, claim: Claim): number {
  const path = lines[at].trimStart().slice(MARKERS.add.length).trim();
  claim(path, 'add');
  if (path in files) throw patchError(`Add File Error: File already exists: ${path}`, path);
  const content: string[] = [];
  let i = at + 1;
  for (; i < lines.length && !isSectionStart(lines[i]); i++) {
    const line = lines[i];
    if (line.startsWith('+')) content.push(line.slice(1));
    else if (line === '')
      content.push(''); // a blank line is an empty line of the new file
    else throw patchError(`Invalid Add File line (missing '+'): ${line}`, path);
  }
  while (content.length > 0 && content[content.length - 1] === '') content.pop();
  // Every added line ends with a newline, the last one too (as Codex writes added files).
  parsed.actions.push({ type: 'add', path, content: content.map((l) => `${l}\n`).join('') });
  return i;
}
