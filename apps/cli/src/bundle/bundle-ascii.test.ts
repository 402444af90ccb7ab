// V8 keeps the source of each loaded script, two bytes per character when it holds one outside
// Latin-1: the bundle's chunks are written in ASCII (bundle-ascii.ts) so they cost one.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { asciiChunksPlugin } from '../../bundle-ascii.js';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

/** The plugin's rewrite of one chunk's code (undefined: left as it is). */
function render(code: string): string | undefined {
  const plugin = asciiChunksPlugin();
  const out = plugin.renderChunk!.call({} as never, code, { type: 'chunk', code, path: 'dist/chunk-X.js' });
  return (out as { code: string } | undefined)?.code;
}

describe('the bundled command', () => {
  it('is written in ASCII, every chunk of it', () => {
    const chunks = readdirSync(DIST).filter((f) => /\.c?js$/.test(f));
    expect(chunks).toContain('bin.js');
    const wide = chunks.filter((f) => /[^\x00-\x7f]/.test(readFileSync(`${DIST}/${f}`, 'latin1')));
    expect(wide).toEqual([]);
  });

  it('escapes a character outside ASCII to one that means the same', () => {
    const code = '/** a — b */\nconst s = `x…y` + "é" + "😀"; // c → d\nconst r = /[—]/.test("—");\nexport default [s, r];\n';
    const ascii = render(code)!;
    expect(/[^\x00-\x7f]/.test(ascii)).toBe(false);
    const run = (src: string) => new Function(src.replace('export default', 'return'))() as unknown[];
    expect(run(ascii)).toEqual(run(code));
    expect(run(ascii)).toEqual(['x…yé😀', true]);
    expect(render('const a = 1;\n')).toBeUndefined();
  });
});
