import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isQuiverError } from '@quiver/core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFINITION_QUERIES } from './definition-queries.js';
import { formatDefinitions } from './format-definitions.js';
import { grammarLoader } from './grammar-loader.js';
import { EXTENSION_GRAMMARS } from './languages.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('grammarLoader', () => {
  it('loads every grammar from tree-sitter-wasms and compiles its query', async () => {
    const ids = new Set(Object.values(EXTENSION_GRAMMARS).map((g) => g.id));
    expect([...ids].sort()).toEqual(Object.keys(DEFINITION_QUERIES).sort());
    for (const grammar of new Map(Object.values(EXTENSION_GRAMMARS).map((g) => [g.id, g])).values()) {
      const loaded = await grammarLoader().load(grammar);
      expect(
        loaded.query.captureNames.some((n) => n.startsWith('name.definition.')),
        grammar.id,
      ).toBe(true);
    }
  });

  it('loads a grammar once', async () => {
    const grammar = EXTENSION_GRAMMARS.py;
    expect(await grammarLoader().load(grammar)).toBe(await grammarLoader().load(grammar));
  });

  it('names the language when a grammar file is broken or missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quiver-grammars-'));
    dirs.push(dir);
    await writeFile(join(dir, 'tree-sitter-rust.wasm'), 'not wasm');
    for (const [grammar, file] of [
      [EXTENSION_GRAMMARS.rs, 'tree-sitter-rust.wasm'],
      [EXTENSION_GRAMMARS.go, 'tree-sitter-go.wasm'],
    ] as const) {
      const error = await grammarLoader(dir)
        .load(grammar)
        .catch((e: unknown) => e);
      expect(isQuiverError(error)).toBe(true);
      expect((error as Error).message).toContain(`could not load the tree-sitter grammar for ${grammar.label} (${join(dir, file)})`);
    }
  });

  it('parses CRLF sources without carriage returns in the lines', async () => {
    const loaded = await grammarLoader().load(EXTENSION_GRAMMARS.py);
    expect(formatDefinitions('class A:\r\n    def f(self):\r\n        pass\r\n', loaded)).toBe(
      '|----\n│class A:\n│    def f(self):\n|----\n',
    );
  });
});
