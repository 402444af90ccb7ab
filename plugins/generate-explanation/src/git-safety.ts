/**
 * Command-line config that stops git from running the repository's own programs (SPEC G1).
 * A repository's `.git/config` (and `.gitattributes`) can name commands git runs on its own:
 * an fsmonitor, a pager, hooks, external diff and textconv drivers, clean/smudge/process
 * filters. A tool that runs git without approval must run none of them, so every git call gets
 * these overrides; `-c` wins over every config file.
 */
export const FIXED_GIT_SAFETY: readonly string[] = [
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.pager=cat',
  '-c',
  'pager.diff=false',
  '-c',
  'diff.external=',
  '-c',
  'log.showSignature=false',
  '-c',
  'gpg.program=false',
];

/** Flags every `git diff` gets: no external diff driver, no textconv program. */
export const DIFF_SAFETY: readonly string[] = ['--no-ext-diff', '--no-textconv'];

/** Per-driver keys that name a program (`diff.<d>.textconv`, `filter.<d>.clean`, …). */
const DRIVER_PROGRAM = /^(diff|filter|merge)\.(.+)\.(textconv|command|clean|smudge|process|driver)$/i;

/**
 * The overrides for the drivers this repository's config defines: each program key is
 * emptied (git then runs no program for it) and filters are made optional, so a filter that
 * no longer runs does not fail the diff. `configList` is `git config --list -z` output
 * (`key\nvalue\0` entries); reading config runs no program.
 */
export function driverOverrides(configList: string): string[] {
  const out = new Set<string>();
  for (const entry of configList.split('\0')) {
    const key = entry.split('\n', 1)[0];
    const m = DRIVER_PROGRAM.exec(key);
    if (!m) continue;
    out.add(`${m[1]}.${m[2]}.${m[3]}=`);
    if (m[1].toLowerCase() === 'filter') out.add(`${m[1]}.${m[2]}.required=false`);
  }
  return [...out].flatMap((kv) => ['-c', kv]);
}
