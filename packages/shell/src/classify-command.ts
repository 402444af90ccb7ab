import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { CommandClassification, CommandClassifier, CommandInput } from '@quiver/core';
import { analyzeCommand } from './analyze-command.js';
import { downloadAndRunReasons, segmentReasons } from './destructive-rules.js';
import type { ShellSegment, ShellWord } from './shell-types.js';

/** Redirections that truncate their target. `>>` appends and `<>` opens without truncating. */
const TRUNCATING = new Set(['>', '>|', '&>', '>&']);

/**
 * The built-in destructive-command classifier (SPEC Part A: "the model's requires_approval
 * is not the only judge"), registered as `core.commandClassifier`. A destructive command
 * needs the "all commands" approval level even when the model calls it safe. Every segment
 * counts, nested and unwrapped ones included; a command that cannot be analysed counts as
 * destructive.
 *
 * @example
 * const classifier = createCommandClassifier();
 * await classifier.classify('git push --force origin main', '/repo');
 * // { destructive: true, reasons: ['`git push --force origin main` rewrites or deletes remote history …'] }
 */
export function createCommandClassifier(): CommandClassifier {
  return { classify };
}

async function classify(command: CommandInput, cwd: string): Promise<CommandClassification> {
  const analysis = await analyzeCommand(command);
  if (!analysis.ok) {
    return {
      destructive: true,
      reasons: [`the command cannot be analysed (${analysis.rule}: ${analysis.reason}), so it is treated as destructive`],
    };
  }
  const reasons: string[] = [];
  for (const segment of analysis.segments) {
    reasons.push(...segmentReasons(segment));
    reasons.push(...(await overwriteReasons(segment, cwd)));
  }
  reasons.push(...downloadAndRunReasons(analysis.segments));
  const unique = [...new Set(reasons)];
  return { destructive: unique.length > 0, reasons: unique };
}

/** Truncating redirections, and `cp`/`mv`/`tee`, onto files that already exist. */
async function overwriteReasons(segment: ShellSegment, cwd: string): Promise<string[]> {
  const reasons: string[] = [];
  for (const redirect of segment.redirects) {
    if (redirect.isDup || !TRUNCATING.has(redirect.op) || !redirect.target) continue;
    const why = await overwriteOf(redirect.target, cwd);
    const who = segment.text ? `\`${segment.text}\`` : 'a bare redirection';
    if (why) reasons.push(`${who} redirects with ${redirect.op} onto ${why}`);
  }
  for (const target of overwrittenOperands(segment)) {
    const why = await overwriteOf(target, cwd);
    if (why) reasons.push(`\`${segment.text}\` overwrites ${why} (${segment.commandName})`);
  }
  return reasons;
}

/** The operands `cp`, `mv` (last operand) and `tee` (without -a) write to. */
function overwrittenOperands(segment: ShellSegment): ShellWord[] {
  const args = segment.words.slice(1);
  const operands = args.filter((w) => !w.value.startsWith('-'));
  if ((segment.commandName === 'cp' || segment.commandName === 'mv') && operands.length >= 2) return [operands[operands.length - 1]];
  if (segment.commandName === 'tee' && !args.some((w) => w.value === '-a' || w.value === '--append')) return operands;
  return [];
}

/** A description if `word` names an existing regular file (or cannot be known), else undefined. */
async function overwriteOf(word: ShellWord, cwd: string): Promise<string | undefined> {
  if (!word.isStatic && !word.value.startsWith('~')) return `a computed path (${word.raw})`;
  const value = word.value === '~' || word.value.startsWith('~/') ? homedir() + word.value.slice(1) : word.value;
  const path = isAbsolute(value) ? value : resolve(cwd, value);
  try {
    return (await stat(path)).isFile() ? `the existing file ${word.value}` : undefined;
  } catch {
    return undefined;
  }
}
