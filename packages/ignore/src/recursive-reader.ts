/** How a segment reads whole directories (SPEC I4). */
export interface RecursiveReader {
  /** The program, e.g. `grep`. */
  program: string;
  /** When no directory candidate is named, the working directory is read (`.` implied). */
  impliesCwd: boolean;
}

const CLUSTER = /^-[^-]/;
const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/**
 * Whether a segment is one of I4's recursive readers, and whether it reads the working
 * directory when no directory is named.
 * - `grep`/`egrep`/`fgrep` with `-r`, `-R`, `--recursive`, `--dereference-recursive`,
 *   `-d recurse`/`--directories=recurse`, or a short cluster holding `r`/`R` (`-rn`). With no
 *   directory and at most one operand (the pattern), GNU grep reads `.`, so it is implied.
 * - `rg`, `ag`, `ack`: always; `.` implied when no directory is named.
 * - `cp`/`scp` with `-r`, `-R`, `-a`, `--recursive`, `--archive` or a cluster holding one.
 * - `rsync`, `tar`, `zip`: always.
 * - `find` with `-exec`, `-execdir`, `-ok` or `-okdir`; `.` implied, like GNU find, when no
 *   starting point is given.
 *
 * @param program - The command word's last path component.
 * @param args - The argument values (quote-removed), without the command word.
 */
export function recursiveReader(program: string, args: readonly string[]): RecursiveReader | undefined {
  switch (program) {
    case 'grep':
    case 'egrep':
    case 'fgrep':
      if (!grepIsRecursive(args)) return undefined;
      return { program, impliesCwd: args.filter((a) => !a.startsWith('-')).length <= 1 };
    case 'rg':
    case 'ag':
    case 'ack':
      return { program, impliesCwd: true };
    case 'cp':
    case 'scp':
      return args.some((a) => a === '--recursive' || a === '--archive' || (CLUSTER.test(a) && /[rRa]/.test(a)))
        ? { program, impliesCwd: false }
        : undefined;
    case 'rsync':
    case 'tar':
    case 'zip':
      return { program, impliesCwd: false };
    case 'find':
      return args.some((a) => FIND_ACTIONS.has(a)) ? { program, impliesCwd: findStartingPoints(args) === 0 } : undefined;
    default:
      return undefined;
  }
}

/** GNU find's starting points: the operands after its leading options and before the expression. */
function findStartingPoints(args: readonly string[]): number {
  let i = 0;
  while (i < args.length && /^-(?:[HLP]|D|O\d*)$/.test(args[i])) i += args[i] === '-D' ? 2 : 1;
  let count = 0;
  while (i < args.length && !args[i].startsWith('-') && !['(', '!', ')', ','].includes(args[i])) {
    count++;
    i++;
  }
  return count;
}

function grepIsRecursive(args: readonly string[]): boolean {
  return args.some(
    (a, i) =>
      a === '--recursive' ||
      a === '--dereference-recursive' ||
      a === '--directories=recurse' ||
      ((a === '-d' || a === '--directories') && args[i + 1] === 'recurse') ||
      a === '-drecurse' ||
      (CLUSTER.test(a) && /[rR]/.test(a)),
  );
}
