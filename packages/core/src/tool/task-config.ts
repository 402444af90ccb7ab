import type { ApprovalSettings } from '../approval/approval-settings.js';
import type { ServiceLocator } from '../container/service-ref.js';
import type { HostUi } from '../host/host-ui.js';
import type { ResolvedPath, WorkspaceRoot } from '../services/workspace.js';
import type { MessageState, MistakeCounter, ReadCache, TaskState } from '../task/task-state.js';
import type { ToolResult } from './tool-result.js';

/** Lets a tool call other tools through the same pipeline (as subagents do). */
export interface ToolCaller {
  call(name: string, params: Record<string, unknown>, options?: { partial?: boolean }): Promise<ToolResult>;
  /** Names of the tools this task can call. */
  names(): string[];
}

/**
 * The call's command as the gates screened it: the command permissions (R1–R9), the ignore
 * screen (I1–I5), the sandbox plan and approval all judged `text` run in `cwd`, so a tool runs
 * exactly that.
 */
export interface ScreenedCommand {
  /** The command parameter as the model wrote it. */
  readonly input: string;
  /** The command without its `@name:` workspace hint: what was screened and what runs. */
  readonly text: string;
  /** Where it runs: the hinted root, else the task's working directory. */
  readonly cwd: string;
  /** The root a `@name:` hint named. */
  readonly root?: WorkspaceRoot;
}

/** How the current call was approved. */
export type ApprovalOutcome = 'auto' | 'user' | 'not-needed';

/**
 * Everything a handler may read while it executes. Built afresh for every execution from the
 * task scope and frozen: handlers read it and never reassign its fields (the objects it points
 * at — task state, caches, counters — are the task's own and may be updated through their API).
 */
export interface TaskConfig<O = Readonly<Record<string, unknown>>> {
  readonly taskId: string;
  /** The name this call used (one handler may serve several names). */
  readonly tool: string;
  /** The primary root (the host's working directory). */
  readonly cwd: string;
  readonly workspaceRoots: readonly WorkspaceRoot[];
  readonly mode: 'act' | 'plan';
  readonly yolo: boolean;
  /** True inside a subagent run: no UI, no approval prompts. */
  readonly isSubagentExecution: boolean;
  readonly taskState: TaskState;
  readonly messageState: MessageState;
  readonly readCache: ReadCache;
  readonly mistakes: MistakeCounter;
  readonly services: ServiceLocator;
  /** The host's UI ports (say, ask, approve...). */
  readonly ui: HostUi;
  /** Call other tools through the pipeline. */
  readonly executor: ToolCaller;
  /** This call's path parameters, resolved and checked by the gates (param name → path). */
  readonly paths: Readonly<Record<string, ResolvedPath>>;
  /** The tool's command parameter as the gates screened it (tools that declare `command`). */
  readonly command?: ScreenedCommand;
  /** How this call was approved. */
  readonly approval: ApprovalOutcome;
  /** The plugin's options from the config, parsed by the plugin's `options` schema when it declares one. */
  readonly options: Readonly<O>;
  /** Aborted when the task or this call is cancelled. */
  readonly signal: AbortSignal;
  /** The model in use, when known (some content fixes depend on it). */
  readonly modelId?: string;
  /** The task's approval settings (e.g. `enableNotifications`). */
  readonly approvalSettings: Readonly<ApprovalSettings>;
}
