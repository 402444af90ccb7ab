/**
 * The slice of mvdan-sh's `syntax` API that Quiver uses, typed loosely: the GopherJS objects
 * carry many more fields, read by name where they are needed.
 */

/** A position in the source; `Offset()` counts UTF-8 bytes. */
export interface MvdanPos {
  Offset(): number;
}

/** Any syntax node. Fields are read by name after checking `syntax.NodeType(node)`. */
export interface MvdanNode {
  Pos(): MvdanPos;
  End(): MvdanPos;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [field: string]: any;
}

/** A parser built by `syntax.NewParser(...options)`. */
export interface MvdanParser {
  Parse(src: string, name: string): MvdanNode;
}

/** The `syntax` namespace of mvdan-sh. */
export interface MvdanSyntax {
  NewParser(...options: unknown[]): MvdanParser;
  KeepComments(on: boolean): unknown;
  Walk(node: MvdanNode, visit: (node: MvdanNode | null) => boolean): void;
  NodeType(node: MvdanNode): string;
}
