import type { ShellSegment, ShellWord } from './shell-types.js';

/** Commands that are destructive whatever their arguments. */
const ALWAYS: Record<string, string> = {
  rm: 'deletes files',
  rmdir: 'deletes directories',
  unlink: 'deletes a file',
  shred: 'destroys file contents',
  srm: 'deletes files',
  dd: 'writes raw data to files or devices',
  truncate: 'truncates files',
  wipefs: 'wipes filesystem signatures',
  fdisk: 'edits partition tables',
  sfdisk: 'edits partition tables',
  parted: 'edits partition tables',
  mkswap: 'formats a device',
  sudo: 'runs a command with elevated privileges',
  doas: 'runs a command with elevated privileges',
  su: 'switches user',
  pkexec: 'runs a command with elevated privileges',
  eval: 'runs text as a command',
  shutdown: 'shuts the machine down',
  reboot: 'reboots the machine',
  halt: 'halts the machine',
  poweroff: 'powers the machine off',
  killall: 'kills every matching process',
  pkill: 'kills every matching process',
};

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'fish', 'python', 'python3', 'perl', 'ruby', 'node', 'php']);
const DOWNLOADERS = new Set(['curl', 'wget']);

const values = (segment: ShellSegment): string[] => segment.words.slice(1).map((w) => w.value);
const hasShortFlag = (args: string[], letter: string): boolean => args.some((a) => /^-[A-Za-z]+$/.test(a) && a.includes(letter));

/** Why one segment is destructive, judged from its words alone (files are checked elsewhere). */
export function segmentReasons(segment: ShellSegment): string[] {
  const name = segment.commandName;
  if (name === undefined) return [];
  const args = values(segment);
  const what = (why: string): string => `\`${segment.text}\` ${why}`;
  if (ALWAYS[name]) return [what(`${ALWAYS[name]} (${name})`)];
  if (name.startsWith('mkfs')) return [what(`formats a filesystem (${name})`)];
  const reasons: string[] = [];
  if (name === 'git') reasons.push(...gitReasons(args).map(what));
  if (['chmod', 'chown', 'chgrp'].includes(name) && (args.includes('--recursive') || hasShortFlag(args, 'R'))) {
    reasons.push(what(`changes permissions or owners recursively (${name} -R)`));
  }
  if (name === 'find' && args.includes('-delete')) reasons.push(what('deletes the files it finds (find -delete)'));
  if (name === 'rsync' && args.some((a) => a.startsWith('--delete') || a.startsWith('--remove-source-files'))) {
    reasons.push(what('deletes files (rsync --delete)'));
  }
  if (name === 'kill' && killsEverything(args)) reasons.push(what('signals init or every process (kill 1 / -1 / 0)'));
  if (name === 'crontab' && hasShortFlag(args, 'r')) reasons.push(what('removes the crontab (crontab -r)'));
  return reasons;
}

/** The git subcommand and its arguments, after git's global options. */
function gitCommand(args: string[]): [string, string[]] {
  let i = 0;
  while (i < args.length && args[i].startsWith('-')) i += args[i] === '-C' || args[i] === '-c' ? 2 : 1;
  return [args[i] ?? '', args.slice(i + 1)];
}

function gitReasons(gitArgs: string[]): string[] {
  const [sub, args] = gitCommand(gitArgs);
  const has = (...flags: string[]): boolean => args.some((a) => flags.some((f) => a === f || a.startsWith(f + '=')));
  switch (sub) {
    case 'push':
      if (
        has('--force', '-f', '--force-with-lease', '--mirror', '--delete', '-d', '--prune') ||
        hasShortFlag(args, 'f') ||
        args.some((a) => /^\+|^:/.test(a))
      ) {
        return ['rewrites or deletes remote history (git push --force/--delete)'];
      }
      return [];
    case 'reset':
      return has('--hard', '--merge') ? ['discards local changes (git reset --hard)'] : [];
    case 'clean':
      return has('--force') || hasShortFlag(args, 'f') ? ['deletes untracked files (git clean -f)'] : [];
    case 'checkout':
      return has('--', '.', '-f', '--force') ? ['discards local changes (git checkout -- …)'] : [];
    case 'restore':
      return has('--staged') && !has('--worktree', '-W') ? [] : ['discards local changes (git restore)'];
    case 'branch':
      return has('-D') || (has('-d', '--delete') && has('-f', '--force')) ? ['deletes a branch (git branch -D)'] : [];
    case 'stash':
      return args[0] === 'drop' || args[0] === 'clear' ? ['drops stashed changes (git stash drop/clear)'] : [];
    case 'rm':
      return ['deletes files (git rm)'];
    case 'filter-branch':
    case 'filter-repo':
      return ['rewrites history'];
    default:
      return [];
  }
}

/** kill's pids (after a signal option and `--`) include 1, -1 or 0. */
function killsEverything(args: string[]): boolean {
  let i = 0;
  if (args[i] === '-s' || args[i] === '-n') i += 2;
  else if (args[i]?.startsWith('-') && args[i] !== '--') i += 1;
  if (args[i] === '--') i += 1;
  return args.slice(i).some((a) => a === '1' || a === '-1' || a === '0');
}

/**
 * `curl … | sh`, `bash <(curl …)`, `sh -c "$(wget …)"`: a download plus an interpreter that
 * reads its code from stdin or from a substitution.
 */
export function downloadAndRunReasons(segments: ShellSegment[]): string[] {
  const download = segments.find((s) => s.commandName !== undefined && DOWNLOADERS.has(s.commandName));
  if (!download) return [];
  const runner = segments.find((s) => s.commandName !== undefined && SHELLS.has(s.commandName) && readsCodeFromStream(s.words.slice(1)));
  return runner ? [`\`${download.text}\` feeds downloaded code to \`${runner.text}\``] : [];
}

function readsCodeFromStream(args: ShellWord[]): boolean {
  const operands = args.filter((w) => !w.value.startsWith('-') || w.value === '-');
  return operands.length === 0 || operands.some((w) => w.value === '-' || w.hasExpansion);
}
