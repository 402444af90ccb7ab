/**
 * R7 glob match: `*` matches any run of characters (including `/`, spaces, newlines and
 * nothing), `?` exactly one character, everything else itself. Case-sensitive, whole text.
 * A pattern ending in ` *` also matches the text without that suffix (`git status *`
 * matches `git status`).
 *
 * @param pattern - an allow or deny pattern from the config
 * @param text - a segment's R4 text
 * @example matchPattern('npm *', 'npm install') // true
 * @example matchPattern('git status *', 'git status') // true
 */
export function matchPattern(pattern: string, text: string): boolean {
  const p = Array.from(pattern);
  const t = Array.from(text);
  if (globMatch(p, t)) return true;
  return pattern.endsWith(' *') && globMatch(p.slice(0, -2), t);
}

/**
 * Iterative wildcard match with one backtrack point: O(|p|·|t|) at worst, so a pattern with
 * many stars cannot stall on a long command the way a backtracking RegExp can.
 */
function globMatch(p: string[], t: string[]): boolean {
  let pi = 0;
  let ti = 0;
  let star = -1;
  let mark = 0;
  while (ti < t.length) {
    if (pi < p.length && (p[pi] === '?' || (p[pi] !== '*' && p[pi] === t[ti]))) {
      pi++;
      ti++;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi++;
      mark = ti;
    } else if (star >= 0) {
      pi = star + 1;
      ti = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}
