import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bump when the generated corpora change shape: old caches are then left alone and regenerated. */
export const CORPUS_VERSION = 2;

/** The identifier search_files looks for. */
export const SEARCH_IDENT = 'resolveWorkspaceHandle';

/** How big each generated corpus is. */
export interface CorpusSizes {
  /** Tree: packages × modules × leaf folders, each leaf with `filesPerLeaf` visible files. */
  packages: number;
  modules: number;
  leaves: number;
  filesPerLeaf: number;
  /** Per package: files in its (gitignored) `node_modules/` and `build/`. */
  nodeModulesFiles: number;
  buildFiles: number;
  /** Per module: files in its `secrets/` and `generated/` folders (ignored by `.quiverignore`). */
  ignoredPerModule: number;
  /** Log: fixed-width lines of {@link LOG_LINE_BYTES}, numbered from 1. */
  logLines: number;
  /** The line read_file starts at in the log. */
  logReadLine: number;
  sourceLines: number;
}

/** The full corpora: a ~100,000-file tree, a 1 GiB log, a 5,000-line source file. */
export const FULL_SIZES: CorpusSizes = {
  packages: 10, modules: 10, leaves: 10, filesPerLeaf: 87,
  nodeModulesFiles: 600, buildFiles: 300, ignoredPerModule: 10,
  logLines: 8_388_608, logReadLine: 5_000_000, sourceLines: 5_000,
};

/** Tiny corpora for the smoke test: a few hundred files, a 2.5 MB log. */
export const SMOKE_SIZES: CorpusSizes = {
  packages: 2, modules: 2, leaves: 2, filesPerLeaf: 12,
  nodeModulesFiles: 10, buildFiles: 5, ignoredPerModule: 3,
  logLines: 20_000, logReadLine: 10_000, sourceLines: 5_000,
};

/** Every log line is this long, newline included: 2^23 lines make exactly 1 GiB. */
export const LOG_LINE_BYTES = 128;

/** Where the corpora are and what they hold. */
export interface Corpora {
  dir: string;
  sizes: CorpusSizes;
  /** The tree's root (a workspace root with `.gitignore`s and a `.quiverignore`). */
  tree: string;
  /** Files written in the tree, ignored ones included. */
  treeFiles: number;
  /** Visible files containing {@link SEARCH_IDENT}. */
  identFiles: number;
  log: string;
  logBytes: number;
  /** A workspace holding the 5,000-line file and a few small ones. */
  files: string;
  source: string;
  /** Small files (relative to `files`) for call-rate benchmarks. */
  small: string[];
}

/** The fixed cache folder of the full corpora, keyed by {@link CORPUS_VERSION}. */
export function defaultCorpusDir(): string {
  return join(tmpdir(), `quiver-bench-corpora-v${CORPUS_VERSION}`);
}

/**
 * Make the corpora in `dir`, or reuse them: each piece is regenerated only when its marker
 * file is missing (a run that was interrupted leaves no marker, so the piece is redone).
 */
export function ensureCorpora(dir: string, sizes: CorpusSizes, log: (line: string) => void = () => {}): Corpora {
  mkdirSync(dir, { recursive: true });
  const tree = join(dir, 'tree');
  const tf = cached(dir, 'tree', sizes, () => {
    log(`generating the file tree in ${tree} …`);
    return generateTree(tree, sizes);
  });
  const logPath = join(dir, 'big.log');
  cached(dir, 'log', sizes, () => {
    log(`generating the ${((sizes.logLines * LOG_LINE_BYTES) / 2 ** 20).toFixed(0)} MiB log …`);
    generateLog(logPath, sizes.logLines);
    return {};
  });
  const files = join(dir, 'files');
  const source = join(files, 'source.ts');
  const small = cached(dir, 'files', sizes, () => generateFiles(files, source, sizes.sourceLines)).small as string[];
  return {
    dir, sizes, tree, treeFiles: tf.files as number, identFiles: tf.identFiles as number,
    log: logPath, logBytes: sizes.logLines * LOG_LINE_BYTES, files, source, small,
  };
}

type Meta = Record<string, unknown>;

function cached(dir: string, piece: string, sizes: CorpusSizes, make: () => Meta): Meta {
  const marker = join(dir, `${piece}.done.json`);
  const key = JSON.stringify({ version: CORPUS_VERSION, sizes });
  if (existsSync(marker)) {
    const saved = JSON.parse(readFileSync(marker, 'utf8')) as { key: string; meta: Meta };
    if (saved.key === key) return saved.meta;
  }
  const meta = make();
  writeFileSync(marker, JSON.stringify({ key, meta }));
  return meta;
}

/**
 * The tree: `packages/pkg-NN/src/mod-NN/leaf-NN/file-NNN.ts` visible files, plus ignored
 * content of every kind list_files must skip — folders in the root `.gitignore`
 * (`node_modules/`, `build/`), files a nested `.gitignore` excludes (`*.gen.ts`, `*.log`),
 * and folders the `.quiverignore` excludes (`secrets/`, `generated/`).
 */
function generateTree(root: string, s: CorpusSizes): Meta {
  rmSync(root, { recursive: true, force: true });
  const w = treeWriter(root);
  w.file('.gitignore', 'node_modules/\nbuild/\n*.log\ncoverage/\n');
  w.file('.quiverignore', '# the workspace ignore rules\nsecrets/\ngenerated/\n*.pem\n');
  w.file('README.md', '# corpus\n');
  for (let p = 0; p < s.packages; p++) {
    const pkg = `packages/pkg-${pad(p, 2)}`;
    w.file(`${pkg}/.gitignore`, '*.snap\nfixtures/large/\n');
    w.file(`${pkg}/package.json`, `{ "name": "pkg-${p}" }\n`);
    for (let i = 0; i < s.nodeModulesFiles; i++) w.file(`${pkg}/node_modules/dep-${i % 20}/lib/m${i}.js`, sourceText(i, i % 7 === 0));
    for (let i = 0; i < s.buildFiles; i++) w.file(`${pkg}/build/out-${i % 10}/b${i}.js`, sourceText(i, false));
    for (let m = 0; m < s.modules; m++) writeModule(w, `${pkg}/src/mod-${pad(m, 2)}`, s);
  }
  return { files: w.count(), identFiles: w.identFiles() };
}

interface TreeWriter {
  file(rel: string, text: string, visibleIdent?: boolean): void;
  count(): number;
  identFiles(): number;
}

function treeWriter(root: string): TreeWriter {
  const made = new Set<string>();
  let files = 0;
  let ident = 0;
  return {
    file(rel, text, visibleIdent = false) {
      const slash = rel.lastIndexOf('/');
      const dir = slash === -1 ? root : join(root, rel.slice(0, slash));
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(join(root, rel), text);
      files++;
      if (visibleIdent) ident++;
    },
    count: () => files,
    identFiles: () => ident,
  };
}

function writeModule(w: TreeWriter, mod: string, s: CorpusSizes): void {
  w.file(`${mod}/.gitignore`, '*.gen.ts\n');
  for (let i = 0; i < s.ignoredPerModule; i++) {
    w.file(`${mod}/secrets/key-${i}.txt`, 'hunter2\n');
    w.file(`${mod}/generated/g${i}.ts`, sourceText(i, i === 0 && mod.endsWith('mod-00')));
  }
  for (let l = 0; l < s.leaves; l++) {
    const leaf = `${mod}/leaf-${pad(l, 2)}`;
    for (let f = 0; f < s.filesPerLeaf; f++) {
      // Two files per module mention the identifier (200 in the full tree): a common name, but
      // few enough results that search_files never reaches its line cap, so the comparison
      // with raw rg stays like for like.
      const withIdent = f === 7 && (l === 0 || l === 5);
      w.file(`${leaf}/file-${pad(f, 3)}.ts`, sourceText(f, withIdent), withIdent);
    }
    w.file(`${leaf}/types.gen.ts`, sourceText(l, true));
    w.file(`${leaf}/debug.log`, 'log line\n');
  }
}

function sourceText(i: number, withIdent: boolean): string {
  const call = withIdent ? `  return ${SEARCH_IDENT}(input, ${i});\n` : `  return input + ${i};\n`;
  return `import { helper${i % 13} } from './helpers';\n\nexport function unit${i}(input: number): number {\n  const value = helper${i % 13}(input);\n${call}}\n`;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * The log, written fast: a 16 MiB buffer is filled once with 16 line templates (128 bytes
 * each, the line number in the first 10 bytes), then for every chunk only the digits of the
 * line numbers change before the buffer is written whole.
 */
function generateLog(path: string, lines: number): void {
  const perChunk = 131_072; // 16 MiB of 128-byte lines, a multiple of the 16 templates
  const chunk = Buffer.alloc(perChunk * LOG_LINE_BYTES);
  for (let i = 0; i < perChunk; i++) logTemplate(i % 16).copy(chunk, i * LOG_LINE_BYTES);
  const fd = openSync(`${path}.partial`, 'w');
  try {
    for (let first = 1; first <= lines; first += perChunk) {
      const count = Math.min(perChunk, lines - first + 1);
      for (let i = 0; i < count; i++) writeDigits(chunk, i * LOG_LINE_BYTES, first + i);
      writeSync(fd, chunk, 0, count * LOG_LINE_BYTES);
    }
  } finally {
    closeSync(fd);
  }
  renameSync(`${path}.partial`, path);
}

const LEVELS = ['INFO ', 'DEBUG', 'WARN ', 'INFO '];

function logTemplate(k: number): Buffer {
  const text = `0000000000 2026-01-01T00:00:${pad(k, 2)}.000Z ${LEVELS[k % 4]} worker-${k % 8} request handled in ${10 + k}ms path=/api/v1/items/${1000 + k}`;
  return Buffer.from(`${text.padEnd(LOG_LINE_BYTES - 1, ' ')}\n`);
}

/** Write `n` as 10 zero-padded ASCII digits at `offset`. */
function writeDigits(buf: Buffer, offset: number, n: number): void {
  for (let d = 9; d >= 0; d--) {
    buf[offset + d] = 48 + (n % 10);
    n = Math.floor(n / 10);
  }
}

/** The 5,000-line source file and a few small files, in a workspace of their own. */
function generateFiles(dir: string, source: string, lines: number): Meta {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const out: string[] = [];
  for (let i = 1; out.length < lines; i++) {
    out.push(`/** Unit ${i}: doubles its input and adds ${i}. */`, `export function unit${i}(input: number): number {`, `  return input * 2 + ${i};`, '}', '');
  }
  writeFileSync(source, `${out.slice(0, lines).join('\n')}\n`);
  const small: string[] = [];
  for (let i = 0; i < 4; i++) {
    const name = `small-${i}.txt`;
    writeFileSync(join(dir, name), `small file ${i}\nsecond line\nthird line\n`);
    small.push(name);
  }
  return { small };
}
