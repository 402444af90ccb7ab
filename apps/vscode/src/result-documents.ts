import type * as vscode from 'vscode';

/** The URI scheme of tool-result documents. */
export const RESULT_SCHEME = 'quiver-result';

/** The VS Code API the result documents use (injected for tests). */
export interface ResultDocumentsApi {
  /** `vscode.Uri.from`. */
  uri(components: { scheme: string; path: string; query: string }): vscode.Uri;
  registerProvider(scheme: string, provider: vscode.TextDocumentContentProvider): vscode.Disposable;
  /** Open and show a document in a preview editor. */
  show(uri: vscode.Uri): Thenable<unknown>;
}

/** Read-only documents showing the results of `Quiver: Run Tool…`. */
export interface ResultDocuments {
  /** Show one result; returns its URI. */
  show(tool: string, text: string): Promise<vscode.Uri>;
  dispose(): void;
}

/** The most results kept readable at once (older documents then show a note). */
const KEEP = 20;

/** Results as virtual documents: nothing is written to disk, each run gets its own URI. */
export function createResultDocuments(api: ResultDocumentsApi): ResultDocuments {
  const texts = new Map<string, string>();
  let counter = 0;
  const registration = api.registerProvider(RESULT_SCHEME, {
    provideTextDocumentContent: (uri) => texts.get(uri.query) ?? 'This Quiver result is no longer kept. Run the tool again.',
  });
  return {
    async show(tool, text) {
      const id = String(++counter);
      texts.set(id, text);
      if (texts.size > KEEP) texts.delete(texts.keys().next().value!);
      const uri = api.uri({ scheme: RESULT_SCHEME, path: `/${tool} result ${id}.txt`, query: id });
      await api.show(uri);
      return uri;
    },
    dispose() {
      registration.dispose();
      texts.clear();
    },
  };
}
