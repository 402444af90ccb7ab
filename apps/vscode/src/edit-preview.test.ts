import { describe, expect, it } from 'vitest';
import type * as vscode from 'vscode';
import { createEditPreviews, PREVIEW_SCHEME } from './edit-preview.js';
import { createFakeEmitter, fakeUri } from './fake-vscode.js';

function setup() {
  let provider: vscode.TextDocumentContentProvider | undefined;
  const opened: { left: string; right: string; title: string }[] = [];
  const closed: string[] = [];
  let emitter: ReturnType<typeof createFakeEmitter<vscode.Uri>> | undefined;
  const previews = createEditPreviews({
    uri: fakeUri,
    newEmitter: <T>() => (emitter = createFakeEmitter<vscode.Uri>()) as unknown as vscode.EventEmitter<T>,
    registerProvider: (scheme, p) => {
      expect(scheme).toBe(PREVIEW_SCHEME);
      provider = p;
      return { dispose: () => (provider = undefined) };
    },
    openDiff: async (left, right, title) => void opened.push({ left: left.toString(), right: right.toString(), title }),
    closeDiff: async (right) => void closed.push(right.toString()),
  });
  const content = (uri: string) =>
    provider!.provideTextDocumentContent(
      fakeUri({ scheme: PREVIEW_SCHEME, path: uri.split(':')[1].split('?')[0], query: uri.split('?')[1] }),
      undefined as never,
    );
  return { previews, opened, closed, content, fired: () => emitter!.fired.map(String), provider: () => provider };
}

const preview = (content: string, final = false) => ({
  tool: 'write_to_file',
  path: 'a.txt',
  absolutePath: '/w/a.txt',
  original: 'old\n',
  content,
  final,
});

describe('edit previews', () => {
  it('opens one diff of the original against the proposed content, and updates it as the content streams', async () => {
    const t = setup();
    await t.previews.show(preview('n'));
    await t.previews.show(preview('new\n'));
    expect(t.opened).toEqual([
      { left: 'quiver-preview:/w/a.txt?original', right: 'quiver-preview:/w/a.txt?proposed', title: 'a.txt (proposed by write_to_file)' },
    ]);
    expect(t.content('quiver-preview:/w/a.txt?original')).toBe('old\n');
    expect(t.content('quiver-preview:/w/a.txt?proposed')).toBe('new\n');
    expect(t.fired()).toEqual(['quiver-preview:/w/a.txt?proposed']);
    expect(t.previews.isOpen('/w/a.txt')).toBe(true);
  });

  it('closes the diff when the final content arrives (the file is saved) or on close()', async () => {
    const t = setup();
    await t.previews.show(preview('new\n'));
    await t.previews.show(preview('new\n', true));
    expect(t.closed).toEqual(['quiver-preview:/w/a.txt?proposed']);
    expect(t.previews.isOpen('/w/a.txt')).toBe(false);
    await t.previews.close('/w/a.txt');
    expect(t.closed).toHaveLength(1);
  });

  it('does not open a diff for a final preview alone, and unregisters on dispose', async () => {
    const t = setup();
    await t.previews.show(preview('x', true));
    expect(t.opened).toEqual([]);
    t.previews.dispose();
    expect(t.provider()).toBeUndefined();
  });
});
