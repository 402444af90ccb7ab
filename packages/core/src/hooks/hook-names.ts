import type { ToolResult } from '../tool/tool-result.js';

/**
 * Hook kinds:
 * - `waterfall`: taps run in series; each sees the previous tap's output and may change it.
 * - `series`: taps run in series; any may cancel (the rest still run); contexts are collected.
 * - `parallel`: taps run concurrently; results are ignored (notifications).
 */
export type HookKind = 'waterfall' | 'series' | 'parallel';

/** Fields every hook event carries. */
export interface BaseHookEvent {
  taskId: string;
  cwd: string;
}

/** `PreToolUse`: before a tool runs, after approval. */
export interface PreToolUseEvent extends BaseHookEvent {
  tool: string;
  /** The input as rewritten by earlier taps. */
  input: Record<string, unknown>;
  callId: string;
}
/** What a `PreToolUse` tap may answer. `deny` wins over `ask`, `ask` over `allow`. */
export interface PreToolUseResult {
  decision?: 'allow' | 'deny' | 'ask';
  reason?: string;
  /** A rewritten input; later taps see it. */
  updatedInput?: Record<string, unknown>;
  /** Text added to the model's context with the result. */
  additionalContext?: string;
}

/** `PostToolUse`: after a tool ran (successfully or not). */
export interface PostToolUseEvent extends BaseHookEvent {
  tool: string;
  input: Record<string, unknown>;
  callId: string;
  /** The result as amended by earlier taps. */
  result: ToolResult;
  success: boolean;
  durationMs: number;
}
/** What a `PostToolUse` tap may answer. */
export interface PostToolUseResult {
  /** A replacement result. */
  result?: ToolResult;
  additionalContext?: string;
  /** Cancel the task after this tool. */
  cancel?: boolean;
  reason?: string;
}

/** `UserPromptSubmit`: a user message, before the model sees it. */
export interface UserPromptSubmitEvent extends BaseHookEvent {
  prompt: string;
}
/** What a `UserPromptSubmit` tap may answer. */
export interface UserPromptSubmitResult {
  prompt?: string;
  additionalContext?: string;
  /** Block the prompt. */
  cancel?: boolean;
  reason?: string;
}

/** Task lifecycle events (`TaskStart`, `TaskResume`, `TaskComplete`, `PreCompact`). */
export interface TaskEvent extends BaseHookEvent {
  hook: string;
  task?: string;
  result?: string;
}
/** What a series tap may answer. */
export interface SeriesResult {
  cancel?: boolean;
  reason?: string;
  additionalContext?: string;
}

/** `Notification` and `TaskCancel` events. */
export interface NotificationEvent extends BaseHookEvent {
  hook: string;
  message: string;
}

/** Every hook: its kind, event type and tap result type. */
export interface HookMap {
  /** waterfall — after approval, before execute. Previous: approval gate. Next: execute. */
  PreToolUse: { kind: 'waterfall'; event: PreToolUseEvent; result: PreToolUseResult };
  /** waterfall — after execute. Previous: execute. Next: telemetry. */
  PostToolUse: { kind: 'waterfall'; event: PostToolUseEvent; result: PostToolUseResult };
  /** waterfall — a user message arrives. Next: the model turn. */
  UserPromptSubmit: { kind: 'waterfall'; event: UserPromptSubmitEvent; result: UserPromptSubmitResult };
  /** series — a task starts. Next: UserPromptSubmit. */
  TaskStart: { kind: 'series'; event: TaskEvent; result: SeriesResult };
  /** series — a task resumes. */
  TaskResume: { kind: 'series'; event: TaskEvent; result: SeriesResult };
  /** series — the task ended with a completion (a completion tool or the host ended it). */
  TaskComplete: { kind: 'series'; event: TaskEvent; result: SeriesResult };
  /** series — before the conversation is compacted. */
  PreCompact: { kind: 'series'; event: TaskEvent; result: SeriesResult };
  /** parallel — the task was cancelled. */
  TaskCancel: { kind: 'parallel'; event: NotificationEvent; result: void };
  /** parallel — the host shows a notification. */
  Notification: { kind: 'parallel'; event: NotificationEvent; result: void };
}

/** A hook name. */
export type HookName = keyof HookMap;

/** Hook names of one kind. */
export type HookNameOfKind<K extends HookKind> = { [N in HookName]: HookMap[N]['kind'] extends K ? N : never }[HookName];

/** Every hook, declared once, with its kind. */
export const HOOK_NAMES: Readonly<Record<HookName, HookKind>> = Object.freeze({
  PreToolUse: 'waterfall',
  PostToolUse: 'waterfall',
  UserPromptSubmit: 'waterfall',
  TaskStart: 'series',
  TaskResume: 'series',
  TaskComplete: 'series',
  PreCompact: 'series',
  TaskCancel: 'parallel',
  Notification: 'parallel',
});

/** True for a known hook name. */
export function isHookName(name: string): name is HookName {
  return Object.prototype.hasOwnProperty.call(HOOK_NAMES, name);
}
