import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ElicitRequestFormParams, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AskResponse, HostUi } from '@quiver/core';
import { askApproval, type ApprovalPolicy, type Elicit } from './mcp-approval.js';
import { createProgressReporter } from './mcp-progress.js';

/** How long an elicitation may wait for the user: people take longer than the SDK's 60 s default. */
export const ELICITATION_TIMEOUT_MS = 10 * 60_000;

/** The request-handler context the SDK passes to `tools/call`. */
export type McpRequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Options of {@link createMcpHostUi}. */
export interface McpHostUiOptions {
  server: Server;
  /** What to do with approvals when the client cannot be asked. */
  policy: ApprovalPolicy;
  /** Print `say()` messages to stderr. */
  verbose?: boolean;
  /** Where diagnostics go (stderr: stdout is the protocol channel). */
  log(line: string): void;
  /** The request this UI serves: progress, elicitations and cancellation are tied to it. */
  extra?: McpRequestExtra;
}

const QUESTION_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { answer: { type: 'string', title: 'Answer' } },
  required: ['answer'],
};

/**
 * The MCP host's UI ports for one request. Approvals and questions go to the user through
 * MCP elicitation when the client declared it, else approvals follow the policy and
 * questions are answered "no". Live command output and progress become
 * `notifications/progress` when the request carries a progress token. Nothing is written to
 * stdout, which carries the protocol in stdio mode.
 */
export function createMcpHostUi(options: McpHostUiOptions): HostUi {
  const { server, extra } = options;
  const elicit = elicitation(server, extra);
  const progress = createProgressReporter(extra?._meta?.progressToken, (n) => extra?.sendNotification(n) ?? Promise.resolve());
  return {
    say(type, text) {
      if (options.verbose) options.log(`[${type}] ${text}`);
    },
    ask: (_type, text) => ask(elicit, text),
    approve: (request) => askApproval(request, elicit, options.policy),
    notify(message) {
      options.log(message);
      server.sendLoggingMessage({ level: 'notice', logger: 'quiver', data: message }, extra?.sessionId).catch(() => {});
    },
    output: (chunk) => progress.output(chunk),
    progress: (message, value, total) => progress.progress(message, value, total),
  };
}

/** A form elicitation tied to the request, or undefined when the client cannot elicit. */
function elicitation(server: Server, extra: McpRequestExtra | undefined): Elicit | undefined {
  // Read per call, not at start-up: the client's capabilities arrive with `initialize`.
  if (!server.getClientCapabilities()?.elicitation?.form) return undefined;
  return (params) =>
    server.elicitInput(params, { relatedRequestId: extra?.requestId, signal: extra?.signal, timeout: ELICITATION_TIMEOUT_MS });
}

async function ask(elicit: Elicit | undefined, text: string): Promise<AskResponse> {
  if (!elicit) return { response: 'no', text: 'This MCP client cannot answer questions: it does not support elicitation.' };
  try {
    const answer = await elicit({ mode: 'form', message: text, requestedSchema: QUESTION_SCHEMA });
    if (answer.action !== 'accept') return { response: 'no' };
    return { response: 'message', text: typeof answer.content?.answer === 'string' ? answer.content.answer : '' };
  } catch (e) {
    return { response: 'no', text: `Asking the MCP client failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}
