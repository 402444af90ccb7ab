/** A tree-sitter grammar the tool can load. */
export interface Grammar {
  /** The grammar's id: its query key and the `tree-sitter-<id>.wasm` file name. */
  readonly id: string;
  /** The language's name, for error messages. */
  readonly label: string;
}

const GRAMMARS = {
  javascript: { id: 'javascript', label: 'JavaScript' },
  typescript: { id: 'typescript', label: 'TypeScript' },
  tsx: { id: 'tsx', label: 'TSX' },
  python: { id: 'python', label: 'Python' },
  rust: { id: 'rust', label: 'Rust' },
  go: { id: 'go', label: 'Go' },
  c: { id: 'c', label: 'C' },
  cpp: { id: 'cpp', label: 'C++' },
  c_sharp: { id: 'c_sharp', label: 'C#' },
  ruby: { id: 'ruby', label: 'Ruby' },
  java: { id: 'java', label: 'Java' },
  php: { id: 'php', label: 'PHP' },
  swift: { id: 'swift', label: 'Swift' },
  kotlin: { id: 'kotlin', label: 'Kotlin' },
} as const satisfies Record<string, Grammar>;

/**
 * File extensions (lower case, no dot) and their grammars: the baseline's seventeen
 * (js jsx ts tsx py rs go c h cpp hpp cs rb java php swift kt) plus a few common variants.
 */
export const EXTENSION_GRAMMARS: Readonly<Record<string, Grammar>> = Object.freeze({
  js: GRAMMARS.javascript,
  jsx: GRAMMARS.javascript,
  mjs: GRAMMARS.javascript,
  cjs: GRAMMARS.javascript,
  ts: GRAMMARS.typescript,
  mts: GRAMMARS.typescript,
  cts: GRAMMARS.typescript,
  tsx: GRAMMARS.tsx,
  py: GRAMMARS.python,
  pyi: GRAMMARS.python,
  rs: GRAMMARS.rust,
  go: GRAMMARS.go,
  c: GRAMMARS.c,
  h: GRAMMARS.c,
  cpp: GRAMMARS.cpp,
  hpp: GRAMMARS.cpp,
  cc: GRAMMARS.cpp,
  cxx: GRAMMARS.cpp,
  hh: GRAMMARS.cpp,
  hxx: GRAMMARS.cpp,
  cs: GRAMMARS.c_sharp,
  rb: GRAMMARS.ruby,
  java: GRAMMARS.java,
  php: GRAMMARS.php,
  swift: GRAMMARS.swift,
  kt: GRAMMARS.kotlin,
  kts: GRAMMARS.kotlin,
});

/** The grammar for a file name, by its extension (case-insensitive), or undefined. */
export function grammarForFile(fileName: string): Grammar | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return Object.prototype.hasOwnProperty.call(EXTENSION_GRAMMARS, ext) ? EXTENSION_GRAMMARS[ext] : undefined;
}
