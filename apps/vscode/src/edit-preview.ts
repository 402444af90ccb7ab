import type * as vscode from 'vscode';
import type { EditPreview } from '@quiver/core';

/** The URI scheme of preview documents. */
export const PREVIEW_SCHEME = 'quiver-preview';

/** The VS Code API the previews use (injected, so the adapter can be tested with a fake). */
export interface PreviewApi {
  /** `vscode.Uri.from`. */
  uri(components: { scheme: string; path: string; query: string }): vscode.Uri;
  newEmitter<T>(): vscode.EventEmitter<T>;
  registerProvider(scheme: string, provider: vscode.TextDocumentContentProvider): vscode.Disposable;
  /** Run `vscode.diff`. */
  openDiff(left: vscode.Uri, right: vscode.Uri, title: string): Thenable<unknown>;
  /** Close the diff tabs showing `right`. */
  closeDiff(right: vscode.Uri): Thenable<unknown>;
}

/** Diff previews of proposed edits: the file as it is against the content proposed so far. */
export interface EditPreviews {
  /** Show or update the preview of one edit (HostUi.preview). */
  show(preview: EditPreview): Promise<void>;
  /** Close the preview of a path (the edit was denied, or is done). */
  close(absolutePath: string): Promise<void>;
  /** Whether a preview of this path is open. */
  isOpen(absolutePath: string): boolean;
  dispose(): void;
}

interface Entry {
  original: string;
  content: string;
  left: vscode.Uri;
  right: vscode.Uri;
}

/**
 * Diff previews backed by a content provider: `quiver-preview:` documents hold the original and
 * the proposed text, and each streamed update fires a change so the open diff refreshes. The
 * final preview (sent after the file is saved) closes the diff: the file itself is now current.
 */
export function createEditPreviews(api: PreviewApi): EditPreviews {
  const entries = new Map<string, Entry>();
  const changed = api.newEmitter<vscode.Uri>();
  const byUri = (uri: vscode.Uri) =>
    [...entries.values()].find((e) => e.left.toString() === uri.toString() || e.right.toString() === uri.toString());
  const registration = api.registerProvider(PREVIEW_SCHEME, {
    onDidChange: changed.event,
    provideTextDocumentContent(uri) {
      const entry = byUri(uri);
      if (!entry) return '';
      return uri.toString() === entry.left.toString() ? entry.original : entry.content;
    },
  });

  const previews: EditPreviews = {
    async show(preview) {
      if (preview.final) return previews.close(preview.absolutePath);
      const existing = entries.get(preview.absolutePath);
      if (existing) {
        existing.content = preview.content;
        changed.fire(existing.right);
        return;
      }
      const entry: Entry = {
        original: preview.original,
        content: preview.content,
        left: api.uri({ scheme: PREVIEW_SCHEME, path: preview.absolutePath, query: 'original' }),
        right: api.uri({ scheme: PREVIEW_SCHEME, path: preview.absolutePath, query: 'proposed' }),
      };
      entries.set(preview.absolutePath, entry);
      await api.openDiff(entry.left, entry.right, `${preview.path} (proposed by ${preview.tool})`);
    },
    async close(absolutePath) {
      const entry = entries.get(absolutePath);
      if (!entry) return;
      entries.delete(absolutePath);
      await api.closeDiff(entry.right);
    },
    isOpen: (absolutePath) => entries.has(absolutePath),
    dispose() {
      registration.dispose();
      changed.dispose();
      entries.clear();
    },
  };
  return previews;
}
