import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ERROR_CODES, quiverError } from '@quiver/core';
import Parser from 'web-tree-sitter';
import { DEFINITION_QUERIES } from './definition-queries.js';
import type { Grammar } from './languages.js';

/** A grammar ready to use: a parser set to it and its compiled definition query. */
export interface LoadedGrammar {
  readonly grammar: Grammar;
  readonly parser: Parser;
  readonly query: Parser.Query;
}

/** Loads grammars from one directory of `tree-sitter-<id>.wasm` files, each once. */
export interface GrammarLoader {
  /** The directory the `.wasm` files are read from. */
  readonly directory: string;
  /** The grammar, loaded and compiled; a failure is a QuiverError naming the language. */
  load(grammar: Grammar): Promise<LoadedGrammar>;
}

let runtime: Promise<void> | undefined;

/** web-tree-sitter's WASM runtime is process-wide: initialise it once (retry after a failure). */
function initRuntime(): Promise<void> {
  runtime ??= Parser.init().catch((e: unknown) => {
    runtime = undefined;
    throw e;
  });
  return runtime;
}

/** Where the grammars of the `tree-sitter-wasms` package are. */
export function defaultGrammarDirectory(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('tree-sitter-wasms/package.json')), 'out');
}

const loaders = new Map<string, GrammarLoader>();

/**
 * The loader for a grammar directory (default: the one `tree-sitter-wasms` ships). Loaders are
 * shared by every task of the process, so each grammar is compiled once.
 * @example
 * const { parser, query } = await grammarLoader().load(grammarForFile('a.ts')!);
 */
export function grammarLoader(directory: string = defaultGrammarDirectory()): GrammarLoader {
  let loader = loaders.get(directory);
  if (!loader) {
    const cache = new Map<string, Promise<LoadedGrammar>>();
    loader = {
      directory,
      load(grammar) {
        let pending = cache.get(grammar.id);
        if (!pending) {
          pending = loadGrammar(directory, grammar);
          cache.set(grammar.id, pending);
          // A failure is not cached: a repaired install works without a restart.
          pending.catch(() => cache.delete(grammar.id));
        }
        return pending;
      },
    };
    loaders.set(directory, loader);
  }
  return loader;
}

async function loadGrammar(directory: string, grammar: Grammar): Promise<LoadedGrammar> {
  const file = join(directory, `tree-sitter-${grammar.id}.wasm`);
  try {
    await initRuntime();
    // Read the bytes ourselves: a missing file then fails with a plain ENOENT, not an
    // emscripten abort, and the WASM runtime never touches the filesystem.
    const language = await Parser.Language.load(new Uint8Array(await readFile(file)));
    const query = language.query(querySource(grammar));
    const parser = new Parser();
    parser.setLanguage(language);
    return { grammar, parser, query };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw quiverError(
      ERROR_CODES.TOOL_FAILED,
      `could not load the tree-sitter grammar for ${grammar.label} (${file}): ${message}. ` +
        "Reinstall the plugin's dependencies (tree-sitter-wasms ships the grammars) or fix the plugin option 'grammarDirectory'.",
      { tool: 'list_code_definition_names', file, cause: e },
    );
  }
}

function querySource(grammar: Grammar): string {
  const source = DEFINITION_QUERIES[grammar.id];
  // Every grammar in languages.ts has a query; this guards a grammar added without one.
  if (source === undefined) {
    throw quiverError(
      ERROR_CODES.TOOL_FAILED,
      `No definition query is written for grammar '${grammar.id}'. Add one to definition-queries.ts.`,
      { tool: 'list_code_definition_names' },
    );
  }
  return source;
}
