import type * as vscode from 'vscode';
import { errorResult, ERROR_CODES, type ApprovalRequest, type HostUi, type ToolResult } from '@quiver/core';
import type { TaskOffer } from '@quiver/core/host';
import { approvalText } from './approval-prompt.js';
import type { CommandOutput } from './command-output.js';
import type { ComposedRuntime } from './compose-runtime.js';
import type { OutputLog } from './output-log.js';
import type { QuiverSession } from './quiver-session.js';
import { runCall } from './run-call.js';
import { toLmToolResult, type LmResultApi } from './tool-result-parts.js';
import { createCallUi } from './vscode-host-ui.js';

/** The context key that is true while a contributed tool is enabled and not hidden in the config. */
export const toolContextKey = (name: string): string => `quiver.tool.${name}`;

/** What the language-model tools are built from. */
export interface LmToolsDeps {
  /** `vscode.lm.registerTool`. */
  registerTool(name: string, tool: vscode.LanguageModelTool<Record<string, unknown>>): vscode.Disposable;
  /** `new vscode.MarkdownString(text)`. */
  markdown(text: string): vscode.MarkdownString;
  results: LmResultApi;
  session: QuiverSession;
  ui: HostUi;
  log: OutputLog;
  commandOutput: CommandOutput;
}

/** Confirmations VS Code showed for chat tool calls, waiting for the call itself. */
const MAX_PENDING = 64;

/**
 * Register every contributed tool with `vscode.lm.registerTool`. Each call runs through
 * Quiver's pipeline. `prepareInvocation` runs the gates up to approval: when Quiver would ask,
 * VS Code shows that question (tool, path or command, why) as the tool's confirmation, the
 * edit's diff preview is opened, and the call that follows counts as approved for that same
 * request. Calls from outside a chat request (no invocation token) get Quiver's own prompt.
 */
export function registerLmTools(names: readonly string[], deps: LmToolsDeps): vscode.Disposable[] {
  const confirmed = new Map<string, ApprovalRequest>();
  return names.map((name) =>
    deps.registerTool(name, {
      prepareInvocation: (options) => prepare(name, options.input, deps, confirmed),
      invoke: (options, token) => invoke(name, options, token, deps, confirmed),
    }),
  );
}

async function prepare(
  name: string,
  input: Record<string, unknown>,
  deps: LmToolsDeps,
  confirmed: Map<string, ApprovalRequest>,
): Promise<vscode.PreparedToolInvocation> {
  try {
    return await deps.session.use(async (composed) => {
      const description = await describeCall(composed, name, input);
      const outcome = await checkCall(composed, name, input);
      if (outcome.kind !== 'ask') return { invocationMessage: description };
      remember(confirmed, callKey(name, input), outcome.request);
      await openPreview(composed, name, input, deps);
      const { detail } = approvalText(outcome.request);
      return {
        invocationMessage: description,
        confirmationMessages: {
          title: `Quiver: allow ${name}?`,
          message: deps.markdown(detail.split('\n').map(escapeMarkdown).join('  \n')),
        },
      };
    });
  } catch {
    // The call itself reports the problem (a config error, say) to the model.
    return { invocationMessage: `Quiver: ${name}` };
  }
}

async function invoke(
  name: string,
  options: vscode.LanguageModelToolInvocationOptions<Record<string, unknown>>,
  token: vscode.CancellationToken,
  deps: LmToolsDeps,
  confirmed: Map<string, ApprovalRequest>,
): Promise<vscode.LanguageModelToolResult> {
  const key = callKey(name, options.input);
  const request = confirmed.get(key);
  confirmed.delete(key);
  // Only a chat request's call went through VS Code's confirmation.
  const preapproved = options.toolInvocationToken !== undefined ? request : undefined;
  const controller = new AbortController();
  const cancel = token.onCancellationRequested(() => controller.abort());
  let result: ToolResult;
  try {
    result = await deps.session.use(async (composed) => {
      const ui = createCallUi(deps.ui, {
        tool: name,
        params: options.input,
        preapproved,
        commandOutput: deps.commandOutput,
        log: deps.log,
      });
      return runCall(composed.runtime, { tool: name, params: options.input, ui, signal: controller.signal, offer: chatOffer(composed) });
    });
  } catch (e) {
    result = errorResult(`Quiver could not run ${name}: ${e instanceof Error ? e.message : String(e)}`, ERROR_CODES.TOOL_FAILED);
  } finally {
    cancel.dispose();
  }
  deps.log.append(`[tool] ${name} (language-model call): ${result.isError ? `error${result.code ? ` ${result.code}` : ''}` : 'ok'}`);
  return toLmToolResult(deps.results, result);
}

/**
 * Where a chat model's calls come from: the `vscode` surface, which has no model, MCP servers
 * or browser of its own to give tools (none of the contributed tools needs one). The executor
 * refuses a tool the config disables or hides, naming the config file.
 */
function chatOffer(composed: ComposedRuntime): TaskOffer {
  return {
    surface: 'vscode',
    has: {},
    refusal: (name, offered) =>
      `The tool ${name} is disabled or hidden in ${composed.configFile ?? 'the Quiver config'}, so it cannot be called here. Use one of: ${offered.join(', ')}.`,
  };
}

/** The gates up to approval for a chat model's call, on a throwaway task: nothing runs, shows or asks. */
async function checkCall(composed: ComposedRuntime, name: string, input: Record<string, unknown>) {
  const task = composed.runtime.createTask({ offer: chatOffer(composed) });
  try {
    return await task.check(name, input, { from: 'model' });
  } finally {
    await task.dispose();
  }
}

async function describeCall(composed: ComposedRuntime, name: string, input: Record<string, unknown>): Promise<string> {
  const definition = await composed.runtime.host.registry.get(name).catch(() => undefined);
  return `Quiver: ${definition ? definition.getDescription({ name, params: input, partial: false }) : name}`;
}

async function openPreview(composed: ComposedRuntime, name: string, input: Record<string, unknown>, deps: LmToolsDeps): Promise<void> {
  const definition = await composed.runtime.host.registry.get(name).catch(() => undefined);
  if (!definition?.handlePartialBlock) return;
  const task = composed.runtime.createTask({ ui: deps.ui });
  try {
    await task.execute({ name, params: input, partial: true });
  } finally {
    await task.dispose();
  }
}

function remember(confirmed: Map<string, ApprovalRequest>, key: string, request: ApprovalRequest): void {
  confirmed.delete(key);
  confirmed.set(key, request);
  if (confirmed.size > MAX_PENDING) confirmed.delete(confirmed.keys().next().value!);
}

function callKey(name: string, input: unknown): string {
  return `${name}\u0000${JSON.stringify(input)}`;
}

function escapeMarkdown(line: string): string {
  return line.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
