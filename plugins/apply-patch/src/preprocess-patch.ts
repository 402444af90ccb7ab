import { MARKERS } from './patch-types.js';
import { patchError } from './patch-error.js';

const WRAPPER = [/^%%bash/, /^apply_patch/, /^EOF/, /^```/];

/** A shell heredoc opener (`apply_patch <<'EOF'`, `cat <<"EOF"`): its two quotes must match. */
const HEREDOC = /<<-?\s*(['"]?)([A-Za-z_][\w-]*)(['"]?)\s*$/;

/**
 * Normalise a patch to its lines from `*** Begin Patch` to `*** End Patch` (SPEC Part B §15.3
 * "Preprocess"): split on LF, drop trailing CRs, drop the shell wrapper the prompt shows
 * (`%%bash`, `apply_patch <<"EOF"`, `EOF`, code fences) outside the patch, and drop trailing
 * empty lines. A patch with neither sentinel gets both; one with only one is an error.
 */
export function preprocessPatch(input: string): string[] {
  const lines = input.split('\n').map((l) => l.replace(/\r$/, ''));
  const begin = lines.findIndex((l) => l.trim() === MARKERS.begin);
  checkHeredoc(begin === -1 ? lines : lines.slice(0, begin));
  const end = findLastIndex(lines, (l) => l.trim() === MARKERS.end);
  if (begin !== -1 && end > begin) return [MARKERS.begin, ...trimTrailingEmpty(lines.slice(begin + 1, end)), MARKERS.end];
  if (begin !== -1 || end !== -1) {
    throw patchError(
      'Invalid patch text - incomplete sentinels. Start the patch with "*** Begin Patch" and end it with "*** End Patch", or try breaking it into smaller patches.',
    );
  }
  const body = lines.filter((l) => !WRAPPER.some((re) => re.test(l)));
  return [MARKERS.begin, ...trimTrailingEmpty(dropLeadingEmpty(body)), MARKERS.end];
}

/**
 * Refuse a heredoc wrapper whose quotes do not match (`<<"EOF'`): a shell would not run it as
 * written, so the text is not the patch the model meant to send (Codex refuses it too).
 */
function checkHeredoc(before: string[]): void {
  for (const line of before) {
    const m = HEREDOC.exec(line);
    if (m && m[1] !== m[3]) {
      throw patchError(
        `Invalid patch text - the heredoc wrapper "${line.trim()}" has mismatched quotes. Send the patch text alone (from "*** Begin Patch" to "*** End Patch"), or quote the delimiter the same on both sides (<<'EOF').`,
      );
    }
  }
}

function trimTrailingEmpty(lines: string[]): string[] {
  let n = lines.length;
  while (n > 0 && lines[n - 1].trim() === '') n--;
  return lines.slice(0, n);
}

function dropLeadingEmpty(lines: string[]): string[] {
  let i = 0;
  while (i < lines.length && lines[i].trim() === '') i++;
  return lines.slice(i);
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}
