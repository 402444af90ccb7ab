import type { MvdanNode, MvdanSyntax } from './mvdan-syntax.js';

/** mvdan-sh plus the operator tables read off it. */
export interface ShellParser {
  syntax: MvdanSyntax;
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

async function importParser(): Promise<ShellParser> {
  const mod = (await import('mvdan-sh')) as { default?: { syntax: MvdanSyntax }; syntax?: MvdanSyntax };
  const syntax = mod.syntax ?? mod.default?.syntax;
  if (!syntax) throw new Error('mvdan-sh did not provide a syntax namespace');
  return calibrate(syntax);
}

// The operator enums are Go iota values that may shift between mvdan releases, so they are
// read off sample parses instead of being hard-coded. An operator missing from a table is
// unknown, and unknown means deny.
const REDIRECT_SAMPLES = ['>', '>>', '<', '<>', '>&', '<&', '>|', '<<<', '&>', '&>>'];
const BINARY_SAMPLES = ['&&', '||', '|', '|&'];

function calibrate(syntax: MvdanSyntax): ShellParser {
  const redirectOps = new Map<number, string>();
  for (const op of REDIRECT_SAMPLES) {
    const stmt = firstStmt(syntax, `a ${op}x`);
    redirectOps.set(stmt.Redirs[0].Op as number, op);
  }
  for (const op of ['<<', '<<-']) {
    const stmt = firstStmt(syntax, `a ${op}E\nE\n`);
    redirectOps.set(stmt.Redirs[0].Op as number, op);
  }
  const binaryOps = new Map<number, string>();
  for (const op of BINARY_SAMPLES) binaryOps.set(firstStmt(syntax, `a ${op} b`).Cmd.Op as number, op);
  const procOps = new Map<number, string>();
  for (const op of ['<(', '>(']) procOps.set(firstStmt(syntax, `a ${op}b)`).Cmd.Args[1].Parts[0].Op as number, op);
  return { syntax, redirectOps, binaryOps, procOps };
}

function firstStmt(syntax: MvdanSyntax, src: string): MvdanNode {
  return syntax.NewParser().Parse(src, '').Stmts[0] as MvdanNode;
}
