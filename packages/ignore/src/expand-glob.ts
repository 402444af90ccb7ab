import { readdirSync, type Dirent } from 'node:fs';
import { ExpansionLimitError } from './expand-braces.js';
import { globSegmentRegExp, hasActiveGlob } from './glob-segment-regexp.js';
import type { WordToken } from './word-tokens.js';

/** Thrown when a glob must read a directory inside the workspace that cannot be read. */
export class GlobUnreadableError extends Error {}

/** Limits and context for {@link expandGlob}. */
export interface GlobOptions {
  /** Absolute directory relative patterns start from. */
  cwd: string;
  /** `$HOME`, for a leading unquoted `~`. */
  home: string;
  /** Most directory entries to read in all; more throws {@link ExpansionLimitError}. @default 50000 */
  scanLimit?: number;
  /** True for a directory inside the workspace: failing to read one of those is a denial. */
  isInside(absolutePath: string): boolean;
}

interface Partial {
  /** The match so far, as the command would see it (relative to `cwd` or absolute). */
  text: string;
  abs: string;
}

/**
 * Expand one brace-expanded word against the filesystem, as SPEC I2 asks: unquoted `*`, `?`
 * and `[…]` match names in each directory, hidden files included. A `**` segment matches any
 * number of directories (zsh and bash `globstar`), the broader reading. Returns the matches
 * as the command would see them, or `[]` when the word has no active glob.
 *
 * @param tokens - One word from {@link expandBraces}.
 * @param options - Where to start and the limits.
 */
export function expandGlob(tokens: WordToken[], options: GlobOptions): string[] {
  const segments = splitSegments(withHome(tokens, options.home));
  if (!segments.some(hasActiveGlob)) return [];
  const absolute = segments[0].length === 0;
  const budget = { left: options.scanLimit ?? 50_000 };
  let partials: Partial[] = [{ text: absolute ? '' : '', abs: absolute ? '/' : options.cwd }];
  segments.forEach((segment, index) => {
    if (index === 0 && absolute) return;
    const last = index === segments.length - 1;
    partials = partials.flatMap((p) => step(p, segment, last, budget, options));
  });
  return partials.map((p) => (absolute ? p.text : p.text.slice(1)));
}

function withHome(tokens: WordToken[], home: string): WordToken[] {
  const first = tokens[0];
  if (!first || first.quoted || first.ch !== '~' || (tokens.length > 1 && tokens[1].ch !== '/')) return tokens;
  return [...[...home].map((ch) => ({ ch, quoted: true })), ...tokens.slice(1)];
}

function splitSegments(tokens: WordToken[]): WordToken[][] {
  const segments: WordToken[][] = [[]];
  for (const t of tokens) {
    if (t.ch === '/') segments.push([]);
    else segments[segments.length - 1].push(t);
  }
  return segments;
}

const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);

function step(p: Partial, segment: WordToken[], last: boolean, budget: { left: number }, options: GlobOptions): Partial[] {
  if (segment.length === 0) return [p];
  if (!hasActiveGlob(segment)) {
    const name = segment.map((t) => t.ch).join('');
    return [{ text: `${p.text}/${name}`, abs: join(p.abs, name) }];
  }
  if (segment.length === 2 && segment.every((t) => !t.quoted && t.ch === '*')) return descendants(p, last, budget, options);
  const re = globSegmentRegExp(segment);
  return listDir(p.abs, budget, options)
    .filter((e) => re.test(e.name))
    .map((e) => ({ text: `${p.text}/${e.name}`, abs: join(p.abs, e.name) }));
}

/** `**`: the directory itself and every directory below it (every entry when last), links not followed. */
function descendants(p: Partial, last: boolean, budget: { left: number }, options: GlobOptions): Partial[] {
  const out: Partial[] = last ? [] : [p];
  const stack: Partial[] = [p];
  while (stack.length > 0) {
    const dir = stack.pop() as Partial;
    for (const e of listDir(dir.abs, budget, options)) {
      const child = { text: `${dir.text}/${e.name}`, abs: join(dir.abs, e.name) };
      if (e.isDirectory()) {
        stack.push(child);
        out.push(child);
      } else if (last) out.push(child);
    }
  }
  return out;
}

function listDir(abs: string, budget: { left: number }, options: GlobOptions): Dirent[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || !options.isInside(abs)) return [];
    throw new GlobUnreadableError(`cannot read ${abs} (${code})`);
  }
  budget.left -= entries.length;
  if (budget.left < 0) throw new ExpansionLimitError('the glob reads too many directory entries to check');
  return entries;
}
