import type { LanguageModel, ModelMessage } from 'ai';
import type { HostUi, ToolResult } from '@quiver/core';
import type { Host, HostCapabilities, Task, TaskOptions } from '@quiver/core/host';
import type { RetryNotice } from './retry-turn.js';
import type { ImageSupport } from './tool-result-output.js';
import type { AgentUsage } from './usage.js';

/** A tool call as the loop reports it. */
export interface AgentToolCall {
  id: string;
  name: string;
  params: Record<string, unknown>;
  /** One line, e.g. `[read_file for 'a.ts']`. */
  description: string;
}

/** What the loop tells its host as it runs (all optional). */
export interface AgentLoopUi {
  /** Assistant text, as it streams. */
  text?(delta: string): void;
  /** A model request starts (1-based). */
  turnStart?(turn: number): void;
  /** A model request ended. */
  turnEnd?(turn: number): void;
  /** A complete tool call is about to run. */
  toolCall?(call: AgentToolCall): void;
  /** A tool call's result. */
  toolResult?(call: AgentToolCall, result: ToolResult): void;
  /** Something the loop did on its own: `mistake` (a turn without a tool), `mistake_limit` (before asking the user). How the run ended is in the result. */
  notice?(kind: string, message: string): void;
  /** A failed model request is about to be retried: the provider's reason and the wait. */
  retry?(notice: RetryNotice): void;
  /** Messages were added to the conversation (a host saving the session appends them as they come). */
  messages?(added: readonly ModelMessage[]): void;
}

/** How a run ended. */
export type AgentLoopStatus =
  /** attempt_completion ended the task. */
  | 'completed'
  /** The consecutive-mistake limit ended it (yolo, a subagent, or the user said stop). */
  | 'mistake_limit'
  /** `maxTurns` model requests were made without a completion. */
  | 'max_turns'
  /** Too many turns in a row without a tool call (`maxEmptyTurns`). */
  | 'no_completion'
  /** The signal was aborted. */
  | 'aborted'
  /** A hook cancelled the task (TaskStart, UserPromptSubmit, PostToolUse). */
  | 'cancelled'
  /** The model provider failed. */
  | 'error';

/** The outcome of {@link runAgentLoop}. */
export interface AgentLoopResult {
  status: AgentLoopStatus;
  /** The completion result (status `completed`). */
  result?: string;
  /** The completion's command, if it gave one. */
  command?: string;
  /** What went wrong (every status but `completed`). */
  error?: { code: string; message: string };
  taskId: string;
  /** Model requests made. */
  turns: number;
  /** Tool calls run. */
  toolCalls: number;
  usage: AgentUsage;
  /** The last assistant text. */
  text: string;
  /** The conversation, for hosts that keep it. */
  messages: ModelMessage[];
}

/** Options of {@link runAgentLoop}. */
export interface AgentLoopOptions {
  /** The host to run on (or a runtime, which has one). */
  host?: Host;
  runtime?: { host: Host };
  /** An existing task to run in; by default a new task on the host (disposed at the end). */
  task?: Task;
  /** Options of the new task (`isSubagent`, `ui`, `cwd`...). */
  taskOptions?: TaskOptions;
  /** A Vercel AI SDK language model. */
  model: LanguageModel;
  /** The user's task. */
  prompt: string;
  /**
   * The conversation of an earlier run to continue (`quiver run --resume`): the loop starts
   * from these messages instead of the prompt, and the TaskStart hooks do not fire again.
   * Tool calls left without a result (a crash mid-call) get one saying they were interrupted.
   */
  resume?: readonly ModelMessage[];
  /** Replaces the generated system prompt. */
  system?: string;
  /** Replaces the role paragraph of the generated system prompt (a subagent's profile). */
  role?: string;
  /** Sections appended to the generated system prompt. */
  systemAppend?: string[];
  /** Offer only these tools (those the host has); other calls are refused. */
  tools?: string[];
  /** Never offer these tools. */
  excludeTools?: string[];
  /**
   * What the host has, for tools that require it (`browser`, `mcpServers`; `model` is assumed):
   * a tool whose requirement is missing is not offered. @default { model: true }
   */
  capabilities?: HostCapabilities;
  /** The agent-loop tools (`loop: true`) to offer. @default LOOP_TOOLS_HANDLED: attempt_completion, ask_followup_question, focus_chain */
  loopTools?: string[];
  /** Model requests before the run stops. @default 50 */
  maxTurns?: number;
  /** Turns in a row without a tool call before the run stops (subagents: 3). @default unlimited */
  maxEmptyTurns?: number;
  /** Retries of a failed model request (2 s, then doubling, or the provider's retry-after), each reported to `ui.retry`. @default 2 */
  maxRetries?: number;
  /** At the mistake limit: ask the user (unless yolo) or stop. @default 'ask' ('stop' for subagents) */
  onMistakeLimit?: 'ask' | 'stop';
  /** Where tool-result images go. @default from the model's provider */
  imageSupport?: ImageSupport;
  /** Progress reports. */
  ui?: AgentLoopUi;
  /** The UI that asks the user at the mistake limit. @default the task's UI, else the host's */
  askUi?: HostUi;
  /** Aborts the run; running commands are killed through the task's signal. */
  signal?: AbortSignal;
}
