// The end-to-end suite: runs inside a real VS Code extension host with the packaged extension
// loaded, against the workspace run-e2e.sh prepares. Approval prompts are answered by the
// runner (run-vscode-tests.cjs), which clicks the real modal dialog in the workbench: Approve
// for paths containing "approve-me", Deny for "deny-me".
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { greyPng, pdfShowing } from './fixtures.js';

interface RunToolOutcome {
  tool: string;
  isError: boolean;
  code?: string;
  text: string;
}

interface QuiverApi {
  transcript(): string;
}

const EXTENSION_ID = 'quiver.quiver-vscode';

type Case = [name: string, run: (ctx: Context) => Promise<void>];
interface Context {
  root: string;
  api: QuiverApi;
}

const runTool = (tool: string, params: Record<string, unknown>) =>
  vscode.commands.executeCommand<RunToolOutcome>('quiver.runTool', { tool, params });

const cases: Case[] = [
  [
    'contributes the configured tools as language-model tools',
    async () => {
      const names = vscode.lm.tools.map((t) => t.name);
      for (const name of ['read_file', 'list_files', 'search_files', 'execute_command', 'write_to_file'])
        assert.ok(names.includes(name), `${name} missing from lm.tools: ${names.join(', ')}`);
      const readFile = vscode.lm.tools.find((t) => t.name === 'read_file')!;
      assert.equal((readFile.inputSchema as { type?: string }).type, 'object');
      // apply_patch is contributed but disabled in quiver.config.json: chat does not offer it
      // (its `when` context key is false; VS Code's lm.tools lists disabled tools too), and a
      // direct call is refused.
      const refused = await vscode.lm.invokeTool('apply_patch', {
        input: { input: '*** Begin Patch\n*** End Patch' },
        toolInvocationToken: undefined,
      });
      const text = refused.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
      assert.match(text, /apply_patch is disabled or hidden/);
    },
  ],
  [
    'Quiver: Run Tool… reads a file',
    async ({ api }) => {
      const r = await runTool('read_file', { path: 'hello.txt' });
      assert.equal(r.isError, false, r.text);
      assert.match(r.text, /hello from the e2e workspace/);
      assert.match(api.transcript(), /\[result\] read_file: ok/);
    },
  ],
  [
    'Quiver: Run Tool… writes a file after the user approves, with a diff preview open meanwhile',
    async ({ root, api }) => {
      const pending = runTool('write_to_file', { path: 'approve-me.txt', content: 'approved content\n' });
      await waitFor(() => previewTabOpen('approve-me.txt'), 'the diff preview of approve-me.txt');
      const r = await pending;
      assert.equal(r.isError, false, r.text);
      assert.equal(readFileSync(join(root, 'approve-me.txt'), 'utf8'), 'approved content\n');
      assert.match(
        api.transcript(),
        /\[approval\] write_to_file \(path: .*approve-me\.txt\): approved by the user; approval\.editFiles is off/,
      );
      await waitFor(() => !previewTabOpen('approve-me.txt'), 'the preview to close after the write');
    },
  ],
  [
    'Quiver: Run Tool… writes nothing when the user denies',
    async ({ root, api }) => {
      const r = await runTool('write_to_file', { path: 'deny-me.txt', content: 'must not be written\n' });
      assert.equal(r.isError, true);
      assert.equal(r.code, 'QUIVER_ERR_APPROVAL_DENIED');
      assert.equal(existsSync(join(root, 'deny-me.txt')), false, 'deny-me.txt was written although the user denied it');
      assert.match(api.transcript(), /\[approval\] write_to_file \(path: .*deny-me\.txt\): denied by the user/);
    },
  ],
  [
    'a language-model tool call runs through the pipeline',
    async () => {
      const result = await vscode.lm.invokeTool('read_file', { input: { path: 'hello.txt' }, toolInvocationToken: undefined });
      const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
      assert.match(text, /hello from the e2e workspace/);
    },
  ],
  [
    "a language-model call outside a chat request gets Quiver's own approval prompt",
    async ({ root, api }) => {
      const result = await vscode.lm.invokeTool('write_to_file', {
        input: { path: 'lm-approve-me.txt', content: 'from a tool call\n' },
        toolInvocationToken: undefined,
      });
      const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
      assert.match(text, /successfully saved/);
      assert.equal(readFileSync(join(root, 'lm-approve-me.txt'), 'utf8'), 'from a tool call\n');
      assert.match(api.transcript(), /\[approval\] write_to_file \(path: .*lm-approve-me\.txt\): approved by the user/);
    },
  ],
  [
    'the bundled document and image readers work: PDF text, and a PNG as an image part',
    async ({ root }) => {
      writeFileSync(join(root, 'doc.pdf'), pdfShowing('Quiver reads PDFs'));
      writeFileSync(join(root, 'grey.png'), greyPng(4));
      const pdf = await runTool('read_file', { path: 'doc.pdf' });
      assert.equal(pdf.isError, false, pdf.text);
      assert.match(pdf.text, /Quiver reads PDFs/);
      const image = await vscode.lm.invokeTool('read_file', { input: { path: 'grey.png' }, toolInvocationToken: undefined });
      const kinds = image.content.map((p) =>
        p instanceof vscode.LanguageModelTextPart ? 'text' : ((p as { mimeType?: string }).mimeType ?? typeof p),
      );
      assert.ok(kinds.includes('image/png'), `no image/png part in the result: ${kinds.join(', ')}`);
    },
  ],
  [
    'execute_command output goes to the Quiver terminal',
    async () => {
      const r = await runTool('execute_command', { command: 'echo quiver-e2e-ok', requires_approval: false });
      assert.equal(r.isError, false, r.text);
      assert.match(r.text, /quiver-e2e-ok/);
      assert.ok(
        vscode.window.terminals.some((t) => t.name === 'Quiver'),
        'no Quiver terminal',
      );
    },
  ],
  [
    'Quiver: Check Command Permission… applies the config',
    async () => {
      const allowed = await vscode.commands.executeCommand<{ allowed: boolean; text: string }>('quiver.checkCommandPermission', {
        command: 'git status',
      });
      assert.equal(allowed.allowed, true, allowed.text);
      const denied = await vscode.commands.executeCommand<{ allowed: boolean; text: string }>('quiver.checkCommandPermission', {
        command: 'rm -rf build',
      });
      assert.equal(denied.allowed, false, denied.text);
    },
  ],
  [
    'Quiver: Show Tools lists the enabled tools',
    async () => {
      const tools = await vscode.commands.executeCommand<{ name: string }[]>('quiver.showTools', { pick: false });
      const names = tools.map((t) => t.name);
      assert.ok(names.includes('read_file') && !names.includes('apply_patch'), names.join(', '));
    },
  ],
];

/** The test module's entry: VS Code calls it and reports a rejection as a failed run. */
export async function run(): Promise<void> {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  assert.ok(root, 'the e2e workspace folder is not open');
  const extension = vscode.extensions.getExtension<QuiverApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  // The tools' `when` context keys are set once the config has loaded.
  await waitFor(() => vscode.lm.tools.some((t) => t.name === 'read_file'), 'read_file in lm.tools');
  let failed = 0;
  for (const [name, fn] of cases) {
    try {
      await withTimeout(fn({ root, api }), 30_000, name);
      console.log(`[quiver-e2e]   ok   ${name}`);
    } catch (e) {
      failed++;
      console.error(`[quiver-e2e]   FAIL ${name}\n${indent(e instanceof Error ? (e.stack ?? e.message) : String(e))}`);
    }
  }
  console.log(`[quiver-e2e] ${cases.length - failed} passed, ${failed} failed`);
  if (failed) {
    console.error(`[quiver-e2e] the Quiver output channel:\n${indent(api.transcript())}`);
    throw new Error(`${failed} of ${cases.length} end-to-end cases failed`);
  }
}

/** Continuation lines keep the runner's prefix, so the runner shows them. */
function indent(text: string): string {
  return text.replace(/\n/g, '\n[quiver-e2e]     ');
}

function previewTabOpen(file: string): boolean {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .some(
      (t) =>
        t.input instanceof vscode.TabInputTextDiff &&
        t.input.modified.scheme === 'quiver-preview' &&
        t.input.modified.path.endsWith(`/${file}`),
    );
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`'${what}' did not finish in ${ms / 1000}s`)), ms)),
  );
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function waitFor(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
