/**
 * SPEC R8: the wrappers whose inner command is checked as a further segment, and what is
 * dropped before that inner command. Nothing else is unwrapped.
 */
export interface OptionWrapper {
  kind: 'options';
  /** Flags dropped on their own. */
  flags: readonly string[];
  /** Options dropped together with their value (`-n 5`, `-n5`, `--opt=v`, `--opt v`). */
  withValue: readonly string[];
  /** Positionals dropped after the options (timeout's DURATION). */
  positionals: number;
  /** env: every `NAME=VALUE` word is dropped too. */
  assignments: boolean;
  /** sudo: leading `NAME=VALUE` words of the inner command set its environment (they stay in its text, R4). */
  innerAssignments?: boolean;
}

/** A wrapper whose inner command is found some other way. */
export interface SpecialWrapper {
  kind: 'shell' | 'eval' | 'find';
}

export type Wrapper = OptionWrapper | SpecialWrapper;

function options(flags: string[], withValue: string[] = [], positionals = 0, assignments = false): OptionWrapper {
  return { kind: 'options', flags, withValue, positionals, assignments };
}

const commandOptions = options(['-p', '-v', '-V']);
const sudoOptions: OptionWrapper = { ...options(['-E', '-H', '-n', '-S', '-k'], ['-u', '-g']), innerAssignments: true };
const shell: SpecialWrapper = { kind: 'shell' };

/** Wrapper by the last path component of the command word. */
export const WRAPPERS: ReadonlyMap<string, Wrapper> = new Map<string, Wrapper>([
  ['env', options(['-i', '--ignore-environment', '-0', '--null'], ['-u', '--unset', '-C', '--chdir'], 0, true)],
  ['command', commandOptions],
  ['builtin', commandOptions],
  ['exec', options(['-c', '-l'], ['-a'])],
  ['nice', options([], ['-n', '--adjustment'])],
  ['nohup', options([])],
  ['setsid', options(['-f', '-w', '-c'])],
  ['timeout', options(['--preserve-status', '--foreground', '-v', '--verbose'], ['-s', '--signal', '-k', '--kill-after'], 1)],
  ['stdbuf', options([], ['-i', '-o', '-e'])],
  [
    'xargs',
    options(['-0', '-r', '-t', '-p', '-x', '--null', '--no-run-if-empty', '--verbose'], ['-I', '-n', '-L', '-P', '-d', '-E', '-s', '-a']),
  ],
  ['sudo', sudoOptions],
  ['doas', sudoOptions],
  ['sh', shell],
  ['bash', shell],
  ['dash', shell],
  ['zsh', shell],
  ['ksh', shell],
  ['eval', { kind: 'eval' }],
  ['find', { kind: 'find' }],
]);

/** Letters a shell option cluster may hold (R8): `c` makes the next word a script. */
export const SHELL_OPTION_LETTERS = new Set(['c', 'l', 'e', 'x', 'u', 'i']);

/** The find actions that run a command. */
export const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);
