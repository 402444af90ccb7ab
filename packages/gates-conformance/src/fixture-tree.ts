import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** One entry of a fixture tree, relative to the fixture base. A directory ends in `/`. */
export type TreeEntry = string | { link: string; to: string } | { file: string; content: string };

/** A temporary tree of real files, directories and symlinks. */
export interface Fixture {
  /** The realpath'd base folder every entry is relative to. */
  base: string;
  /** Absolute path of an entry. */
  at(relative: string): string;
  /** Replace `{base}`, `{root}` and `{home}` placeholders. */
  fill(text: string): string;
  dispose(): void;
}

/**
 * Build a fixture tree: `dir/` entries are folders, plain strings files (content `x`),
 * `{ link, to }` symlinks whose target may use `{base}`.
 *
 * @param entries - what to create, in order (parents are created as needed)
 */
export function buildTree(entries: readonly TreeEntry[]): Fixture {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'quiver-gates-')));
  const fill = (text: string) => text.replaceAll('{base}', base).replaceAll('{root}', `${base}/root`).replaceAll('{home}', `${base}/home`);
  for (const entry of entries) {
    if (typeof entry === 'string') {
      const abs = join(base, entry);
      if (entry.endsWith('/')) mkdirSync(abs, { recursive: true });
      else {
        mkdirSync(dirname(abs), { recursive: true });
        writeFileSync(abs, 'x');
      }
    } else if ('link' in entry) {
      const abs = join(base, entry.link);
      mkdirSync(dirname(abs), { recursive: true });
      symlinkSync(fill(entry.to), abs);
    } else {
      const abs = join(base, entry.file);
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, entry.content);
    }
  }
  return {
    base,
    at: (relative) => join(base, relative),
    fill,
    dispose: () => rmSync(base, { recursive: true, force: true }),
  };
}

/** A symlink chain `prefix0 -> prefix1 -> … -> prefix{n-1} -> target`: n links to follow. */
export function linkChain(dir: string, prefix: string, n: number, target: string): TreeEntry[] {
  return Array.from({ length: n }, (_, i) => ({ link: `${dir}/${prefix}${i}`, to: i === n - 1 ? target : `${prefix}${i + 1}` }));
}
