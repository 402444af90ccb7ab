import type { GoValue, ShellNode } from './mvdan-syntax.js';

/**
 * Copy an mvdan/sh AST out of GopherJS into plain objects, once. Reading fields through
 * mvdan-sh's JS wrappers re-externalises them on every access (~0.1–0.3 ms each, so ~15 ms
 * for a short command); the raw Go values behind `__internal_object__` read in microseconds.
 * mvdan-sh is pinned to one version, and anything unexpected here throws, which denies (R9).
 *
 * GopherJS representations: a slice is `{$array, $offset, $length}`, a nil pointer is its
 * type's `nil` object, a nil interface is a plain object, a Go string is a JS string of UTF-8 bytes, a `syntax.Pos` has an
 * `Offset()` method, and a node's type name is `constructor.string` (`*syntax.Lit`).
 */
export function toPlainAst(value: GoValue): ShellNode {
  const node = convert(value, 0);
  if (!node || typeof node !== 'object' || !('type' in node)) throw new Error('mvdan-sh returned an unexpected syntax tree');
  return node as ShellNode;
}

const MAX_TREE_DEPTH = 2_000;
const ASCII = /^[\x00-\x7f]*$/;

function convert(value: unknown, depth: number): unknown {
  if (depth > MAX_TREE_DEPTH) throw new Error('the syntax tree is too deep');
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return ASCII.test(value) ? value : Buffer.from(value, 'latin1').toString('utf8');
  if (typeof value !== 'object') return value;
  const go = value as GoValue;
  if ('$array' in go) return sliceItems(go).map((item) => convert(item, depth + 1));
  if (go.constructor?.nil === go || isNilInterface(go)) return null;
  const name = go.constructor?.string ?? '';
  if (name === '*syntax.Pos' || name === 'syntax.Pos') return (go as { Offset(): number }).Offset();
  const match = /^\*?syntax\.(\w+)$/.exec(name);
  if (!match) throw new Error(`mvdan-sh returned an unknown value type "${name}"`);
  return convertNode(go, match[1], depth);
}

/** GopherJS's nil interface (`$ifaceNil`) is a plain object; every Go value has a typed constructor. */
function isNilInterface(go: GoValue): boolean {
  return Object.getPrototypeOf(go) === Object.prototype && go.constructor?.string === undefined;
}

function sliceItems(slice: GoValue): unknown[] {
  const items: unknown[] = [];
  for (let i = 0; i < slice.$length; i++) items.push(slice.$array[slice.$offset + i]);
  return items;
}

function convertNode(go: GoValue, type: string, depth: number): ShellNode {
  const pos = typeof go.Pos === 'function' ? (go.Pos() as { Offset(): number }).Offset() : 0;
  const end = typeof go.End === 'function' ? (go.End() as { Offset(): number }).Offset() : pos;
  const node: ShellNode = { type, pos, end };
  for (const key of Object.keys(go)) {
    if (key.startsWith('$')) continue;
    node[key] = convert(go[key], depth + 1);
  }
  return node;
}

/** Visit `node` and every node below it, parents before children. */
export function forEachNode(node: ShellNode, visit: (node: ShellNode) => void): void {
  visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) forEachNode(item, visit);
    } else if (isNode(value)) {
      forEachNode(value, visit);
    }
  }
}

function isNode(value: unknown): value is ShellNode {
  return typeof value === 'object' && value !== null && typeof (value as ShellNode).type === 'string';
}
