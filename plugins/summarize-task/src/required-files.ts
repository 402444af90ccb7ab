/** The baseline's limits on auto-read files (SPEC Part B §16.8). */
export const REQUIRED_FILES_LIMITS = Object.freeze({ processed: 10, loaded: 8, chars: 100_000 });

/**
 * The `Required Files:` list of a summary: `- path` lines right after a numbered heading like
 * `9. Required Files:` or `8. Optional Required Files:`. The baseline only reads item 9 while
 * its own prompt numbers the section 8; Quiver takes any number. Backticks and quotes around
 * a path are dropped; at most {@link REQUIRED_FILES_LIMITS}.processed paths are returned.
 * @example
 * requiredFiles('8. Optional Required Files:\n- src/a.ts\n- `b.md`'); // ['src/a.ts', 'b.md']
 */
export function requiredFiles(summary: string): string[] {
  const m = /\d+\.\s*(?:Optional\s+)?Required Files:[ \t]*((?:\r?\n[ \t]*-[ \t]*.+)+)/im.exec(summary);
  if (!m) return [];
  const paths = m[1]
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*-\s*/, '').trim())
    .map((p) => p.replace(/^[`'"](.*)[`'"]$/, '$1').trim())
    .filter((p) => p !== '');
  return [...new Set(paths)].slice(0, REQUIRED_FILES_LIMITS.processed);
}
