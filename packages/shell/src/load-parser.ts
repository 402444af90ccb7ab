import { createRequire } from 'node:module';
import type { MvdanParser, MvdanSyntax, ShellNode } from './mvdan-syntax.js';
import { toPlainAst } from './plain-ast.js';

/** mvdan-sh plus the operator tables read off it. */
export interface ShellParser {
  /**
   * Parse bash (comments kept) into a plain syntax tree. A syntax error is thrown as mvdan's
   * Go error, an object with an `Error()` method; anything else thrown is unexpected.
   */
  parse(text: string): ShellNode;
  /** Redirect `Op` number → operator text. */
  redirectOps: ReadonlyMap<number, string>;
  /** BinaryCmd `Op` number → `&&`, `||`, `|`, `|&`. */
  binaryOps: ReadonlyMap<number, string>;
  /** ProcSubst `Op` number → `<(` or `>(`. */
  procOps: ReadonlyMap<number, string>;
}

let loading: Promise<ShellParser> | undefined;

/**
 * Load mvdan-sh on first use. It is 1.5 MB of GopherJS, so it stays off the start-up path:
 * nothing imports it until the first command is analysed.
 */
export function loadParser(): Promise<ShellParser> {
  loading ??= importParser().catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

// mvdan-sh is CommonJS. `require` skips the ESM loader's export scan of its 1.5 MB source,
// which roughly halves the first call.
async function importParser(): Promise<ShellParser> {
  const mod = createRequire(import.meta.url)('mvdan-sh') as { syntax?: MvdanSyntax };
  if (!mod.syntax) throw new Error('mvdan-sh did not provide a syntax namespace');
  return calibrate(createParse(mod.syntax));
}

/**
 * One reusable mvdan parser (building one costs about a millisecond). After any throw it is
 * replaced, so a parse that failed half-way cannot leave state behind.
 */
function createParse(syntax: MvdanSyntax): (text: string) => ShellNode {
  let parser: MvdanParser | undefined;
  return (text) => {
    parser ??= syntax.NewParser(syntax.KeepComments(true));
    try {
      const file = parser.Parse(text, '').__internal_object__;
      if (!file) throw new Error('mvdan-sh returned no syntax tree');
      return toPlainAst(file);
    } catch (e) {
      parser = undefined;
      throw e;
    }
  };
}

// The operator enums are Go iota values that may shift between mvdan releases, so they are
// read off sample parses instead of being hard-coded. An operator missing from a table is
// unknown, and unknown means deny.
const REDIRECT_SAMPLES = ['>', '>>', '<', '<>', '>&', '<&', '>|', '<<<', '&>', '&>>'];
const BINARY_SAMPLES = ['&&', '||', '|', '|&'];

function calibrate(parse: (text: string) => ShellNode): ShellParser {
  const first = (src: string): ShellNode => parse(src).Stmts[0] as ShellNode;
  const redirectOps = new Map<number, string>();
  for (const op of REDIRECT_SAMPLES) redirectOps.set(first(`a ${op}x`).Redirs[0].Op as number, op);
  for (const op of ['<<', '<<-']) redirectOps.set(first(`a ${op}E\nE\n`).Redirs[0].Op as number, op);
  const binaryOps = new Map<number, string>();
  for (const op of BINARY_SAMPLES) binaryOps.set(first(`a ${op} b`).Cmd.Op as number, op);
  const procOps = new Map<number, string>();
  for (const op of ['<(', '>(']) procOps.set(first(`a ${op}b)`).Cmd.Args[1].Parts[0].Op as number, op);
  if (redirectOps.size !== REDIRECT_SAMPLES.length + 2 || binaryOps.size !== 4 || procOps.size !== 2) {
    throw new Error('mvdan-sh operator codes are not distinct; this version is not supported');
  }
  return { parse, redirectOps, binaryOps, procOps };
}
