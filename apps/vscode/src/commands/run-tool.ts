import type { ContentBlock } from '@quiver/core';
import type { ToolInfo } from '@quiver/core/host';
import type { Runtime } from '@quiver/runtime';
import { resultText, runCall } from '../run-call.js';
import { createCallUi } from '../vscode-host-ui.js';
import type { CommandDeps } from './command-deps.js';

/** Arguments of `quiver.runTool` when it is run programmatically. */
export interface RunToolArgs {
  tool?: string;
  /** The parameters, as an object or a JSON string. */
  params?: Record<string, unknown> | string;
}

/** What `quiver.runTool` returns (undefined when the user cancels a picker). */
export interface RunToolOutcome {
  tool: string;
  isError: boolean;
  code?: string;
  text: string;
  content: ContentBlock[];
}

/**
 * `Quiver: Run Tool…`: pick a tool, enter its parameters as JSON, and run the call through the
 * whole pipeline (approval prompts and previews included). The result opens in a read-only
 * editor, goes to the "Quiver" output channel, and is returned. Given `{ tool, params }` it asks
 * for neither and opens no editor.
 * @example
 * await vscode.commands.executeCommand('quiver.runTool', { tool: 'read_file', params: { path: 'README.md' } });
 */
export async function runToolCommand(deps: CommandDeps, args: RunToolArgs = {}): Promise<RunToolOutcome | undefined> {
  const interactive = args.tool === undefined || args.params === undefined;
  return deps.session.use(async (composed) => {
    const tool = args.tool ?? (await pickTool(deps, composed.runtime.tools()));
    if (!tool) return undefined;
    const params =
      args.params === undefined ? await enterParams(deps, tool, await schemaOf(composed.runtime, tool)) : parseParams(args.params);
    if (!params) return undefined;
    deps.log.append(`[tool] ${tool} ${JSON.stringify(params)}`);
    const ui = createCallUi(deps.ui, { tool, params, commandOutput: deps.commandOutput, log: deps.log });
    const result = await runCall(composed.runtime, { tool, params, ui });
    const text = resultText(result);
    deps.log.append(`[result] ${tool}: ${result.isError ? `error${result.code ? ` ${result.code}` : ''}` : 'ok'}\n${text}`);
    if (interactive) await showOutcome(deps, tool, result.isError, text);
    return { tool, isError: result.isError, code: result.code, text, content: result.content };
  });
}

async function pickTool(deps: CommandDeps, tools: ToolInfo[]): Promise<string | undefined> {
  const picked = await deps.window.showQuickPick(
    tools.map((t) => ({ label: t.name, description: t.package, detail: t.description })),
    { title: 'Quiver: Run Tool', placeHolder: 'The tool to run' },
  );
  return picked?.label;
}

async function schemaOf(runtime: Runtime, tool: string): Promise<Record<string, unknown> | undefined> {
  return (await runtime.host.registry.describe(tool).catch(() => undefined))?.inputSchema;
}

async function enterParams(
  deps: CommandDeps,
  tool: string,
  schema: Record<string, unknown> | undefined,
): Promise<Record<string, unknown> | undefined> {
  const value = await deps.window.showInputBox({
    title: `Quiver: ${tool} parameters`,
    prompt: 'One JSON object',
    value: JSON.stringify(paramsTemplate(schema)),
    ignoreFocusOut: true,
    validateInput: (text) => {
      try {
        parseParams(text);
        return undefined;
      } catch (e) {
        return (e as Error).message;
      }
    },
  });
  return value === undefined ? undefined : parseParams(value);
}

/** A starting point for the parameters: each required property, empty. */
export function paramsTemplate(schema: Record<string, unknown> | undefined): Record<string, unknown> {
  const required = Array.isArray(schema?.required) ? (schema.required as string[]) : [];
  const properties = (schema?.properties ?? {}) as Record<string, { type?: unknown }>;
  return Object.fromEntries(required.map((key) => [key, emptyOf(properties[key]?.type)]));
}

function emptyOf(type: unknown): unknown {
  if (type === 'boolean') return false;
  if (type === 'number' || type === 'integer') return 0;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return '';
}

/** Parameters from an object or JSON text; anything but one JSON object is refused. */
export function parseParams(params: Record<string, unknown> | string): Record<string, unknown> {
  let value: unknown = params;
  if (typeof params === 'string') {
    try {
      value = JSON.parse(params);
    } catch (e) {
      throw new Error(`The parameters are not valid JSON (${(e as Error).message}). Enter one JSON object, e.g. {"path": "README.md"}.`);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('The parameters must be one JSON object, e.g. {"path": "README.md"}.');
  return value as Record<string, unknown>;
}

async function showOutcome(deps: CommandDeps, tool: string, isError: boolean, text: string): Promise<void> {
  await deps.results.show(tool, text);
  if (isError) void deps.window.showErrorMessage(`Quiver: ${tool} failed: ${text.split('\n')[0].slice(0, 200)}`);
}
