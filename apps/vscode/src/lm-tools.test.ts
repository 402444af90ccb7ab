import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type * as vscode from 'vscode';
import { createRecordingUi } from '@quiver/testing';
import type { CommandOutput } from './command-output.js';
import { registerLmTools } from './lm-tools.js';
import { createOutputLog } from './output-log.js';
import { createQuiverSession } from './quiver-session.js';
import { readSettings } from './settings.js';
import { createTempWorkspace } from './temp-workspace.js';
import type { LmResultApi } from './tool-result-parts.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

type Tool = vscode.LanguageModelTool<Record<string, unknown>>;
const results: LmResultApi = {
  text: (value) => value,
  result: (parts) => ({ content: parts }) as unknown as vscode.LanguageModelToolResult,
};
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) } as unknown as vscode.CancellationToken;
const CHAT = {} as vscode.ChatParticipantToolToken;

async function setup(config: object = {}) {
  const ws = await createTempWorkspace({ 'a.txt': 'alpha\n', 'quiver.config.json': config });
  cleanup.push(() => ws.dispose());
  const ui = createRecordingUi(false);
  const session = createQuiverSession({ folders: () => [ws.root], settings: () => readSettings({ get: () => undefined }), ui });
  cleanup.push(() => session.dispose());
  const tools = new Map<string, Tool>();
  const commandOutput: CommandOutput = { begin: () => undefined, write: () => undefined, dispose: () => undefined };
  const log = createOutputLog({ appendLine: () => undefined, show: () => undefined, dispose: () => undefined });
  registerLmTools(['read_file', 'write_to_file', 'apply_patch'], {
    registerTool: (name, tool) => (tools.set(name, tool), { dispose: () => tools.delete(name) }),
    markdown: (text) => ({ value: text }) as vscode.MarkdownString,
    results,
    session,
    ui,
    log,
    commandOutput,
  });
  const prepare = (name: string, input: Record<string, unknown>) => tools.get(name)!.prepareInvocation!({ input }, token);
  const invoke = async (name: string, input: Record<string, unknown>, chat?: boolean) =>
    (
      (await tools
        .get(name)!
        .invoke({ input, toolInvocationToken: chat ? CHAT : undefined, tokenizationOptions: undefined }, token)) as unknown as {
        content: string[];
      }
    ).content.join('');
  return { ws, ui, tools, prepare, invoke };
}

describe('language-model tools', () => {
  it('registers each contributed tool', async () => {
    const { tools } = await setup();
    expect([...tools.keys()]).toEqual(['read_file', 'write_to_file', 'apply_patch']);
  });

  it('asks for no confirmation when Quiver approves on its own, and runs the call', async () => {
    const { prepare, invoke } = await setup();
    const prepared = await prepare('read_file', { path: 'a.txt' });
    expect(prepared).toEqual({ invocationMessage: "Quiver: [read_file for 'a.txt']" });
    expect(await invoke('read_file', { path: 'a.txt' })).toContain('alpha');
  });

  it("shows Quiver's question as the confirmation, opens the preview, and does not ask again in chat", async () => {
    const { ws, ui, prepare, invoke } = await setup();
    const prepared = (await prepare('write_to_file', { path: 'b.txt', content: 'bee\n' })) as vscode.PreparedToolInvocation;
    const message = (prepared.confirmationMessages!.message as vscode.MarkdownString).value;
    expect(prepared.confirmationMessages!.title).toBe('Quiver: allow write_to_file?');
    expect(message).toContain(`Path: ${ws.path('b.txt').replace(/[.\-_]/g, '\\$&')}`);
    expect(message).toContain('Why: approval\\.editFiles is off');
    expect(ui.previews.map((p) => p.content)).toEqual(['bee\n']);
    expect(await invoke('write_to_file', { path: 'b.txt', content: 'bee\n' }, true)).toContain('successfully saved');
    expect(readFileSync(ws.path('b.txt'), 'utf8')).toBe('bee\n');
    expect(ui.approvals).toEqual([]);
  });

  it("asks through Quiver's own prompt outside a chat request, and a denial writes nothing", async () => {
    const { ws, ui, prepare, invoke } = await setup();
    await prepare('write_to_file', { path: 'c.txt', content: 'sea\n' });
    const text = await invoke('write_to_file', { path: 'c.txt', content: 'sea\n' });
    expect(ui.approvals.map((r) => r.tool)).toEqual(['write_to_file']);
    expect(text).toMatch(/denied/i);
    expect(existsSync(ws.path('c.txt'))).toBe(false);
  });

  it('refuses a tool the config disables, naming the ones it offers', async () => {
    const { prepare, invoke } = await setup({ tools: { apply_patch: { enabled: false } } });
    expect(await prepare('apply_patch', { input: '' })).toEqual({ invocationMessage: 'Quiver: apply_patch' });
    expect(await invoke('apply_patch', { input: '*** Begin Patch\n*** End Patch' })).toMatch(
      /^The tool apply_patch is disabled or hidden in .*quiver\.config\.json.*Use one of: read_file/,
    );
  });
});
