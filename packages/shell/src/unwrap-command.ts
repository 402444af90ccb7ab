import { pushSegment, lastPathComponent, type AnalysisContext } from './analysis-context.js';
import { shellDenial } from './shell-denial.js';
import type { SegmentOrigin, ShellSegment, ShellWord } from './shell-types.js';
import { FIND_ACTIONS, SHELL_OPTION_LETTERS, WRAPPERS, type OptionWrapper } from './wrapper-table.js';

/**
 * R8: if the segment's command word names a wrapper, find its inner command and add it as a
 * further segment (which is unwrapped again in turn). A non-static command word is left for
 * R5 to deny.
 */
export function unwrapSegment(ctx: AnalysisContext, segment: ShellSegment): void {
  const first = segment.words[0];
  if (!first?.isStatic || segment.commandName === undefined) return;
  const wrapper = WRAPPERS.get(segment.commandName);
  if (!wrapper) return;
  const words = segment.words;
  if (wrapper.kind === 'options') {
    const start = optionsEnd(words, wrapper, segment.commandName);
    if (start < words.length) emitInner(ctx, segment, words.slice(start), 'wrapper', wrapper.innerAssignments);
  } else if (wrapper.kind === 'shell') {
    const script = shellScript(words, segment.commandName);
    if (script) ctx.analyzeScript(script.value, 'script', segment.depth + 1);
  } else if (wrapper.kind === 'eval') {
    // bash's eval, like every builtin, takes a leading `--` as the end of its (absent) options:
    // `eval -- rm x` runs `rm x`, so the script must not start with the `--`.
    const args = words.slice(1);
    if (args[0]?.value === '--') args.shift();
    if (args.length) ctx.analyzeScript(args.map((w) => w.value).join(' '), 'eval', segment.depth + 1);
  } else {
    for (const inner of findActions(words)) emitInner(ctx, segment, inner, 'find-exec');
  }
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function emitInner(ctx: AnalysisContext, outer: ShellSegment, all: ShellWord[], origin: SegmentOrigin, assigns = false): void {
  let split = 0;
  while (assigns && split < all.length && ASSIGNMENT.test(all[split].value)) split++;
  const words = all.slice(split);
  const inner: ShellSegment = {
    text: all.map((w) => w.value).join(' '),
    origin,
    depth: outer.depth + 1,
    assignments: all.slice(0, split),
    words,
    redirects: [],
  };
  if (words.length) inner.commandName = lastPathComponent(words[0].value);
  pushSegment(ctx, inner);
  unwrapSegment(ctx, inner);
}

function unknownOption(wrapper: string, word: ShellWord): Error {
  return shellDenial(
    'R8',
    'wrapper_option',
    `the option ${word.value} of ${wrapper} is not one Quiver knows how to skip, so the wrapped command cannot be found`,
    word.value,
  );
}

/** How many words an option takes here: 0 if it is not one of `names`, 1 if the value is attached, 2 if separate. */
function valueOptionWidth(value: string, names: readonly string[]): number {
  for (const name of names) {
    if (value === name) return 2;
    if (name.startsWith('--') && value.startsWith(name + '=')) return 1;
    if (!name.startsWith('--') && value.length > name.length && value.startsWith(name)) return 1;
  }
  return 0;
}

/** The index of the inner command word (or `words.length` if there is none). */
function optionsEnd(words: ShellWord[], wrapper: OptionWrapper, name: string): number {
  let positionals = wrapper.positionals;
  let i = 1;
  while (i < words.length) {
    const value = words[i].value;
    if (value.startsWith('-')) {
      if (wrapper.flags.includes(value)) i += 1;
      else if (valueOptionWidth(value, wrapper.withValue)) i += valueOptionWidth(value, wrapper.withValue);
      else throw unknownOption(name, words[i]);
    } else if (wrapper.assignments && value.includes('=')) {
      i += 1;
    } else if (positionals > 0) {
      positionals -= 1;
      i += 1;
    } else {
      return i;
    }
  }
  return words.length;
}

/**
 * sh/bash/dash/zsh/ksh: an option cluster containing `c` makes the first word after the
 * options a script. `-l -e -x -u -i` (alone or clustered) and `-o value` are skipped; any
 * other option denies. Without `c` there is nothing to unwrap.
 */
function shellScript(words: ShellWord[], name: string): ShellWord | undefined {
  let script = false;
  for (let i = 1; i < words.length; i++) {
    const value = words[i].value;
    // bash also reads `+x`-style options before the script, so one must not pass for the script.
    if (value.startsWith('+')) throw unknownOption(name, words[i]);
    if (!value.startsWith('-')) return script ? words[i] : undefined;
    if (value === '-o') {
      i += 1;
      continue;
    }
    const letters = value.slice(1);
    if (!/^[a-z]+$/.test(letters) || ![...letters].every((l) => SHELL_OPTION_LETTERS.has(l))) throw unknownOption(name, words[i]);
    if (letters.includes('c')) script = true;
  }
  return undefined;
}

/** find: the words of each -exec/-execdir/-ok/-okdir action, up to `;` (or `+` right after `{}`). */
function findActions(words: ShellWord[]): ShellWord[][] {
  const actions: ShellWord[][] = [];
  for (let i = 1; i < words.length; i++) {
    if (!FIND_ACTIONS.has(words[i].value)) continue;
    let j = i + 1;
    while (j < words.length && words[j].value !== ';' && !(words[j].value === '+' && words[j - 1].value === '{}')) j++;
    if (j > i + 1) actions.push(words.slice(i + 1, j));
    i = j;
  }
  return actions;
}
