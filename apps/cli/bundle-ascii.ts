import type { Options } from 'tsup';

type TsupPlugin = NonNullable<Options['plugins']>[number];

/** A character outside ASCII (a whole code point, so an astral one is escaped as its pair). */
const NON_ASCII = /[^\x00-\x7f]/gu;

/**
 * The tsup plugin that leaves every chunk of the CLI's bundle pure ASCII.
 *
 * V8 keeps the source of every loaded script (functions compile lazily from it), and a source
 * holding a single character outside Latin-1 is kept two bytes per character. esbuild already
 * writes strings and identifiers with `\u` escapes, but it keeps comments as they are, and
 * a few (an em dash in a JSDoc, an ellipsis) made the core chunk (590 KB) and the MCP SDK's
 * chunk (490 KB) cost twice that in every `quiver mcp` and `quiver exec`: about 2 MB of the
 * MCP server's peak RSS (bench finding peer-rss). Each such character becomes its `\uXXXX`
 * escape, which means the same character wherever esbuild could have left one (a string, a
 * template, a regular expression, an identifier) and is plain text in a comment. The source
 * map is kept: only columns after an escape on the same line move.
 */
export function asciiChunksPlugin(): TsupPlugin {
  return {
    name: 'quiver-ascii-chunks',
    renderChunk(code, info) {
      if (info.type !== 'chunk' || !/\.[cm]?js$/.test(info.path)) return undefined;
      if (!/[^\x00-\x7f]/.test(code)) return undefined;
      return { code: code.replace(NON_ASCII, escapeChar) };
    },
  };
}

/** `\uXXXX` for a character (two of them, its surrogate pair, above U+FFFF). */
function escapeChar(char: string): string {
  let out = '';
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}
