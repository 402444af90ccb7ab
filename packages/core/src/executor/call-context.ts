import type { AutoApprover } from '../approval/auto-approver.js';
import type { QuiverContainer } from '../container/create-container.js';
import type { ServiceLocator } from '../container/service-ref.js';
import type { HookBus } from '../hooks/hook-bus.js';
import type { HostUi } from '../host/host-ui.js';
import type { ResolvedPath } from '../services/workspace.js';
import type { MessageState, MistakeCounter, ReadCache, TaskState } from '../task/task-state.js';
import type { ToolBlock, ToolDefinition } from '../tool/define-tool.js';
import type { ApprovalOutcome, ScreenedCommand, ToolCaller } from '../tool/task-config.js';
import type { ToolResult } from '../tool/tool-result.js';
import type { OfferableTool, OfferContext, OfferSettings } from '../tool/offered-tools.js';

/**
 * Who makes a call. `model`: a model's tool call, which may reach only the tools offered on
 * the task's surface (not hidden, not disabled, requirements met, agent-loop tools only where
 * the loop runs). `tool`: another tool, which may call hidden tools. `host`: the host itself
 * (a person at `quiver exec`, a host command), which may call any enabled tool.
 */
export type CallOrigin = 'model' | 'tool' | 'host';

/** Options of one call. */
export interface CallOptions {
  /** Who makes the call. @default 'host' */
  from?: CallOrigin;
  /** Where a `model` call is offered; defaults to the task's {@link TaskOffer}. */
  offer?: TaskOffer;
}

/** Where a task's model calls are offered, and what a call to a tool not offered reads. */
export interface TaskOffer extends OfferContext {
  /**
   * The text a model gets for a tool that is unknown or not offered here, given the names it
   * may use. Default: the unknown-tool error.
   */
  refusal?(name: string, offered: readonly string[]): string;
}

/** Where the executor finds tools: the registry, or a plain list in tests. */
export interface ToolSource {
  /** The tool for a name (importing its plugin on first use), or undefined. */
  get(name: string): Promise<ToolDefinition | undefined>;
  /**
   * The tool for a name if `get` would give it without loading anything (its plugin is already
   * imported), else undefined. Optional: the executor then awaits `get` for every call.
   */
  loaded?(name: string): ToolDefinition | undefined;
  /** The names of every callable tool. */
  names(): string[];
  /** The options the config gives the tool's plugin. */
  options(name: string): Readonly<Record<string, unknown>>;
  /** The config's switches for the tool (`tools.<name>`), for model calls. */
  settings?(name: string): OfferSettings | undefined;
  /** Every enabled tool, hidden ones included, for the names a refused model call may use. */
  list?(options: { includeHidden: boolean }): readonly OfferableTool[];
}

/** What a task shares with every call it runs (internal). */
export interface TaskContext {
  readonly id: string;
  readonly cwd: string;
  readonly mode: 'act' | 'plan';
  readonly isSubagent: boolean;
  readonly modelId?: string;
  readonly scope: QuiverContainer;
  readonly tools: ToolSource;
  readonly hooks: HookBus;
  readonly approver: AutoApprover;
  readonly ui: HostUi;
  /** Where model calls are offered. */
  readonly offer: TaskOffer;
  readonly state: TaskState;
  readonly messages: MessageState;
  readonly readCache: ReadCache;
  readonly mistakes: MistakeCounter;
  readonly caller: ToolCaller;
  readonly signal: AbortSignal;
}

/** One tool call as it moves through the gates (internal). */
export interface CallContext {
  readonly task: TaskContext;
  readonly id: string;
  readonly name: string;
  readonly tool: ToolDefinition;
  readonly block: ToolBlock;
  readonly scope: QuiverContainer;
  /** Current parameters (PreToolUse may rewrite them). */
  params: Record<string, unknown>;
  /** Parameters after zod validation. */
  parsed: Record<string, unknown>;
  paths: Record<string, ResolvedPath>;
  /** The command parameter, hint split off, once a gate read it (null: the tool has none). */
  command?: ScreenedCommand | null;
  approval: ApprovalOutcome;
  /** The gate or step running now. */
  stage: string;
  /** Context from hooks, added to the result. */
  context: string[];
  /** A PreToolUse tap rewrote the input, so the input gates run again. */
  rewritten?: boolean;
  /** The call's services as taps and the tool see them (made once per call, on first use). */
  services?: ServiceLocator;
  readonly startedAt: number;
}

/**
 * A gate: returns a result to stop the call, or nothing to let it through. A gate with nothing
 * to wait for answers synchronously (every call runs five gates: a promise from each was a
 * measurable part of a call's cost).
 */
export interface Gate {
  readonly name: string;
  run(call: CallContext): Promise<ToolResult | undefined> | ToolResult | undefined;
}
