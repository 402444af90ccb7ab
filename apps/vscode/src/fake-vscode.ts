// Fakes of the few VS Code API pieces the adapters take, for their unit tests. The real API is
// exercised by the end-to-end tests (e2e/), which run in a real VS Code.
import type * as vscode from 'vscode';

/** A scripted answer of the fake window: the button or text a prompt returns. */
export type FakeAnswer = string | undefined;

/** A recorded prompt of the fake window. */
export interface FakePrompt {
  kind: 'warning' | 'information' | 'error' | 'input' | 'quickPick';
  message: string;
  options?: unknown;
  items?: unknown[];
}

/** The parts of `vscode.window` the adapters use, answering from a script and recording every prompt. */
export function createFakeWindow(answers: FakeAnswer[] = []) {
  const prompts: FakePrompt[] = [];
  const next = () => answers.shift();
  const message = (kind: FakePrompt['kind']) =>
    (async (text: string, ...rest: unknown[]) => {
      const options =
        rest.length && typeof rest[0] === 'object' && rest[0] !== null && !('title' in (rest[0] as object)) ? rest.shift() : undefined;
      prompts.push({ kind, message: text, options, items: rest });
      return next();
    }) as never;
  const window = {
    prompts,
    showWarningMessage: message('warning'),
    showInformationMessage: message('information'),
    showErrorMessage: message('error'),
    showInputBox: (async (options?: vscode.InputBoxOptions) => {
      prompts.push({ kind: 'input', message: options?.prompt ?? '', options });
      return next();
    }) as typeof vscode.window.showInputBox,
    showQuickPick: (async (
      items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>,
      options?: vscode.QuickPickOptions,
    ) => {
      const list = await items;
      prompts.push({ kind: 'quickPick', message: options?.title ?? '', options, items: [...list] });
      const label = next();
      return list.find((i) => i.label === label);
    }) as unknown as typeof vscode.window.showQuickPick,
    showTextDocument: (async () => ({})) as unknown as typeof vscode.window.showTextDocument,
  };
  return window;
}

/** A minimal `vscode.EventEmitter`. */
export function createFakeEmitter<T>(): vscode.EventEmitter<T> & { fired: T[] } {
  const listeners = new Set<(e: T) => unknown>();
  const fired: T[] = [];
  const event = ((listener: (e: T) => unknown) => {
    listeners.add(listener);
    return { dispose: () => listeners.delete(listener) };
  }) as vscode.Event<T>;
  return {
    fired,
    event,
    fire(data: T) {
      fired.push(data);
      for (const l of listeners) l(data);
    },
    dispose: () => listeners.clear(),
  };
}

/** A URI good enough for the adapters: `scheme:path?query`, compared by `toString()`. */
export function fakeUri(c: { scheme: string; path: string; query?: string }): vscode.Uri {
  const text = `${c.scheme}:${c.path}${c.query ? `?${c.query}` : ''}`;
  return { scheme: c.scheme, path: c.path, query: c.query ?? '', toString: () => text } as unknown as vscode.Uri;
}
