import { describe, expect, it } from 'vitest';
import type * as vscode from 'vscode';
import { createCommandOutput } from './command-output.js';
import { createFakeEmitter } from './fake-vscode.js';

function setup() {
  const written: string[] = [];
  let pty: vscode.Pseudoterminal | undefined;
  let shown = 0;
  const created: string[] = [];
  const output = createCommandOutput({
    createTerminal: (options) => {
      created.push(options.name);
      pty = options.pty;
      pty.onDidWrite((t) => written.push(t));
      return { show: () => shown++, dispose: () => undefined } as unknown as vscode.Terminal;
    },
    newEmitter: <T>() => createFakeEmitter<T>(),
  });
  return { output, written, open: () => pty!.open(undefined), created, shown: () => shown };
}

describe('command output terminal', () => {
  it('opens one "Quiver" terminal on the first output and replays what arrived before it opened', () => {
    const t = setup();
    t.output.begin('npm test');
    t.output.write('line 1\nline 2\n', 'stdout');
    expect(t.created).toEqual(['Quiver']);
    expect(t.written).toEqual([]);
    t.open();
    t.output.write('oops\n', 'stderr');
    expect(t.written).toEqual(['\x1b[2m$ npm test\x1b[0m\r\n', 'line 1\r\nline 2\r\n', '\x1b[31moops\r\n\x1b[0m']);
    expect(t.created).toHaveLength(1);
    expect(t.shown()).toBe(1);
  });
});
