import { describe, expect, it } from 'vitest';
import type * as vscode from 'vscode';
import { createFakeEmitter } from './fake-vscode.js';
import { MCP_PROVIDER_ID, mcpServerSpec, registerMcpProvider } from './mcp-provider.js';
import { readSettings } from './settings.js';

const settings = (values: Record<string, unknown> = {}) => readSettings({ get: <T>(k: string) => values[k] as T | undefined });

describe('mcpServerSpec', () => {
  const found = (...files: string[]) => ({ path: '/usr/bin:/opt/bin', isExecutable: (f: string) => files.includes(f) });

  it('runs `quiver mcp` in the first folder, passing the config path on', () => {
    expect(mcpServerSpec(settings(), ['/repo', '/other'], found('/opt/bin/quiver'))).toEqual({
      label: 'Quiver',
      command: '/opt/bin/quiver',
      args: ['mcp', '--cwd', '/repo'],
      cwd: '/repo',
    });
    expect(mcpServerSpec(settings({ configPath: 'q.json' }), ['/repo'], found('/opt/bin/quiver'))?.args).toEqual([
      'mcp',
      '--cwd',
      '/repo',
      '--config',
      'q.json',
    ]);
  });

  it("finds quiver on PATH first, then in the folder's node_modules/.bin; a path is taken as given", () => {
    expect(mcpServerSpec(settings(), ['/repo'], found('/repo/node_modules/.bin/quiver'))?.command).toBe('/repo/node_modules/.bin/quiver');
    expect(mcpServerSpec(settings(), ['/repo'], found('/usr/bin/quiver', '/repo/node_modules/.bin/quiver'))?.command).toBe(
      '/usr/bin/quiver',
    );
    expect(mcpServerSpec(settings({ 'mcp.command': 'tools/quiver' }), ['/repo'], found('/repo/tools/quiver'))?.command).toBe(
      '/repo/tools/quiver',
    );
  });

  it('offers nothing without a folder, when disabled, or when quiver is not installed', () => {
    expect(mcpServerSpec(settings(), [], found('/usr/bin/quiver'))).toBeUndefined();
    expect(mcpServerSpec(settings({ 'mcp.enabled': false }), ['/repo'], found('/usr/bin/quiver'))).toBeUndefined();
    expect(mcpServerSpec(settings(), ['/repo'], found())).toBeUndefined();
  });
});

describe('registerMcpProvider', () => {
  class Definition {
    cwd?: unknown;
    constructor(
      readonly label: string,
      readonly command: string,
      readonly args: string[],
      readonly env: Record<string, string>,
      readonly version: string,
    ) {}
  }
  const fakeVscode = (withApi: boolean) => {
    const registered: {
      id: string;
      provider: { provideMcpServerDefinitions(t: unknown): unknown[]; onDidChangeMcpServerDefinitions?: unknown };
    }[] = [];
    const vs = {
      lm: withApi
        ? { registerMcpServerDefinitionProvider: (id: string, provider: never) => (registered.push({ id, provider }), { dispose() {} }) }
        : {},
      McpStdioServerDefinition: withApi ? Definition : undefined,
      EventEmitter: class {
        private inner = createFakeEmitter<void>();
        event = this.inner.event;
        fire = () => this.inner.fire();
        dispose = () => this.inner.dispose();
      },
      Uri: { file: (p: string) => ({ fsPath: p }) },
      Disposable: { from: (...d: { dispose(): unknown }[]) => ({ dispose: () => d.forEach((x) => x.dispose()) }) },
    };
    return { vs: vs as unknown as typeof vscode, registered };
  };

  it('is skipped where VS Code has no MCP API', () => {
    expect(registerMcpProvider(fakeVscode(false).vs, () => undefined, '1.0.0')).toBeUndefined();
  });

  it('provides the current definition each time VS Code asks', () => {
    const { vs, registered } = fakeVscode(true);
    let folder: string | undefined = '/repo';
    const reg = registerMcpProvider(
      vs,
      () => (folder ? mcpServerSpec(settings(), [folder], { path: '/bin', isExecutable: () => true }) : undefined),
      '0.1.0',
    );
    expect(reg).toBeDefined();
    expect(registered[0].id).toBe(MCP_PROVIDER_ID);
    const [definition] = registered[0].provider.provideMcpServerDefinitions(undefined) as Definition[];
    expect(definition).toMatchObject({
      label: 'Quiver',
      command: '/bin/quiver',
      args: ['mcp', '--cwd', '/repo'],
      version: '0.1.0',
      cwd: { fsPath: '/repo' },
    });
    folder = undefined;
    reg!.refresh();
    expect(registered[0].provider.provideMcpServerDefinitions(undefined)).toEqual([]);
  });
});
