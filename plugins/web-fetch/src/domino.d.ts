// The small part of @mixmark-io/domino's DOM that html-to-markdown uses. The package's own
// types declare module 'domino' against the browser DOM lib, which Node builds do not load.
declare module '@mixmark-io/domino' {
  export interface DominoNode {
    readonly nodeType: number;
    readonly nodeName: string;
    textContent: string | null;
    readonly parentNode: DominoNode | null;
    readonly childNodes: ArrayLike<DominoNode>;
  }
  export interface DominoElement extends DominoNode {
    readonly tagName: string;
    readonly children: ArrayLike<DominoElement>;
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
    removeAttribute(name: string): void;
    querySelector(selector: string): DominoElement | null;
    querySelectorAll(selector: string): ArrayLike<DominoElement>;
    remove(): void;
  }
  export interface DominoDocument extends DominoNode {
    readonly title: string;
    readonly body: DominoElement | null;
    readonly documentElement: DominoElement;
    querySelector(selector: string): DominoElement | null;
    querySelectorAll(selector: string): ArrayLike<DominoElement>;
  }
  export function createDocument(html?: string, force?: boolean): DominoDocument;
  const domino: { createDocument: typeof createDocument };
  export default domino;
}
