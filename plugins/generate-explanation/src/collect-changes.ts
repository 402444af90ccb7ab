import { join } from 'node:path';
import { ERROR_CODES, errorResult, responses, type IgnoreService, type ToolResult } from '@quiver/core';
import { DIFF_SAFETY } from './git-safety.js';
import { openGit, type Git } from './run-git.js';

/** The diff text given to the model is cut at this many characters. */
export const MAX_DIFF_CHARS = 100_000;

/** One changed file: git's status letter (`M`, `A`, `D`, `R100`…) and its path. */
export interface ChangedFile {
  status: string;
  path: string;
}

/** The changes between two points of history. */
export interface Changes {
  files: ChangedFile[];
  /** Files left out because the ignore rules hide them. */
  hidden: number;
  diff: string;
  truncated: boolean;
}

/** What to compare: `to` undefined means the working tree. */
export interface ChangeRange {
  cwd: string;
  from: string;
  to?: string;
  signal: AbortSignal;
  ignore?: IgnoreService;
}

/**
 * Check the repository and the refs, then list the changed files and their diff, relative to
 * `cwd` (a workspace inside a bigger repository sees only its own files). Files the ignore
 * rules hide are left out of both, so an explanation never leaks them. Returns an
 * error result the model can act on when the folder is no repository or a ref is unknown.
 */
export async function collectChanges(range: ChangeRange): Promise<Changes | ToolResult> {
  const git = await openGit(range.cwd, range.signal);
  const repo = await git(['rev-parse', '--is-inside-work-tree']);
  if (!repo.ok || repo.stdout.trim() !== 'true') {
    const text = `The current directory (${range.cwd}) is not a git repository. generate_explanation compares git history; explain the changes from the files instead, or ask the user to initialise the repository.`;
    return errorResult(responses.toolError(text), ERROR_CODES.TOOL_FAILED);
  }
  for (const ref of [range.from, range.to]) {
    if (ref !== undefined && !(await refExists(git, ref))) {
      const text = `Invalid git reference '${ref}'. Use a branch, tag or commit that exists in this repository (see \`git log --oneline\` or \`git branch\`).`;
      return errorResult(responses.toolError(text), ERROR_CODES.PARAM_INVALID);
    }
  }
  const refs = range.to === undefined ? [range.from] : [range.from, range.to];
  const listed = await git([
    'diff',
    ...DIFF_SAFETY,
    '--relative',
    '--name-status',
    '-z',
    '--no-renames',
    '--end-of-options',
    ...refs,
    '--',
  ]);
  if (!listed.ok) return errorResult(responses.toolError(`git diff failed: ${listed.stderr.trim()}`), ERROR_CODES.TOOL_FAILED);
  const all = parseNameStatus(listed.stdout);
  const files = all.filter((f) => !range.ignore?.isIgnored(join(range.cwd, f.path), false));
  if (files.length === 0) return { files, hidden: all.length, diff: '', truncated: false };
  // Name the files only when some are hidden: a long list of paths could pass ARG_MAX.
  const only = files.length < all.length ? files.map((f) => f.path) : [];
  const diff = await git(['diff', ...DIFF_SAFETY, '--relative', '--no-color', '--no-renames', '--end-of-options', ...refs, '--', ...only]);
  const text = diff.stdout;
  return { files, hidden: all.length - files.length, diff: text.slice(0, MAX_DIFF_CHARS), truncated: text.length > MAX_DIFF_CHARS };
}

async function refExists(git: Git, ref: string): Promise<boolean> {
  // A leading dash would be read as an option: never a valid ref here.
  if (ref.startsWith('-') || ref.trim() === '') return false;
  return (await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).ok;
}

/** `git diff --name-status -z` output: status NUL path NUL, repeated. */
function parseNameStatus(out: string): ChangedFile[] {
  const parts = out.split('\0').filter((p) => p !== '');
  const files: ChangedFile[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) files.push({ status: parts[i], path: parts[i + 1] });
  return files;
}
