/**
 * A syntax node of mvdan/sh, copied out of the GopherJS objects into plain JS (see
 * `plain-ast.ts`). Field names are Go's (`Stmts`, `Cmd`, `Args`, `Parts`, `Value`, …);
 * positions (`pos`, `end` and every `syntax.Pos` field) are UTF-8 byte offsets.
 */
export interface ShellNode {
  /** The Go type name without package or pointer: `Stmt`, `CallExpr`, `Lit`, `Comment`, … */
  type: string;
  pos: number;
  end: number;
  [field: string]: any;
}

/** The GopherJS object behind an mvdan value (typed loosely: it is walked generically). */
export interface GoValue {
  constructor: { string?: string; nil?: unknown };
  [field: string]: any;
}

/** A parser built by `syntax.NewParser(...options)`. */
export interface MvdanParser {
  Parse(src: string, name: string): { __internal_object__?: GoValue };
}

/** The `syntax` namespace of mvdan-sh. */
export interface MvdanSyntax {
  NewParser(...options: unknown[]): MvdanParser;
  KeepComments(on: boolean): unknown;
}
