/**
 * `file_pattern` handling. Models often pass several globs in one string (`*.csproj;*.sln`,
 * baseline complaint #4013), so the pattern is split on `;` and on commas outside braces
 * (`*.{ts,tsx}` stays whole), and each part becomes its own `--glob`.
 */

/** Patterns that select every file; they add no filter (see {@link fileFilterArgs}). */
const MATCH_ALL = new Set(['*', '**', '**/*', './**', './*']);

/**
 * Split a `file_pattern` into globs.
 * @example
 * splitFilePattern('*.csproj; *.sln'); // ['*.csproj', '*.sln']
 * splitFilePattern('*.{ts,tsx}');     // ['*.{ts,tsx}']
 */
export function splitFilePattern(pattern: string | null | undefined): string[] {
  if (!pattern) return [];
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of pattern) {
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    if (c === ';' || (c === ',' && depth === 0)) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * The ripgrep arguments that restrict a search to `file_pattern`. No pattern, or one that
 * matches everything, adds none: ripgrep's `--glob '*'` would also match every directory
 * name and so override .gitignore and the hidden-file rule, searching `node_modules` and
 * `.git` (SPEC Part B §7 expects rg's defaults to apply).
 * @example
 * fileFilterArgs('*.ts;*.tsx'); // ['--glob', '*.ts', '--glob', '*.tsx']
 */
export function fileFilterArgs(pattern: string | null | undefined): string[] {
  const globs = splitFilePattern(pattern);
  if (globs.length === 0 || globs.some((g) => MATCH_ALL.has(g))) return [];
  return globs.flatMap((g) => ['--glob', g]);
}
