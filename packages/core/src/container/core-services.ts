import type { QuiverConfig } from '../config/config-schema.js';
import type { HostUi } from '../host/host-ui.js';
import type { CommandClassifier, CommandPermissionService } from '../services/command-permissions.js';
import type { IgnoreService } from '../services/ignore.js';
import type { SandboxService } from '../services/sandbox.js';
import type { WorkspaceService } from '../services/workspace.js';
import type { Telemetry } from '../services/telemetry.js';
import type { ChildEnvService } from '../services/child-env.js';
import type { WorkspaceTrust } from '../trust/workspace-trust.js';
import type { HookBus } from '../hooks/hook-bus.js';
import type { ProtectedPathService } from '../services/protected-paths.js';
import type { MessageState, MistakeCounter, ReadCache, TaskState } from '../task/task-state.js';
import { createServiceRef } from './service-ref.js';

/**
 * The refs of the services core knows about. Hosts provide the root ones (usually through
 * `@quiver/runtime`); core creates the task ones for every task scope.
 */
export const coreServices = Object.freeze({
  /** Workspace roots and path resolution (P1–P4). */
  workspace: createServiceRef<WorkspaceService>({ id: 'core.workspace', scope: 'root' }),
  /** Ignore rules for paths and commands (P5–P7, I1–I5). */
  ignore: createServiceRef<IgnoreService>({ id: 'core.ignore', scope: 'root' }),
  /** Command permissions (R1–R9). */
  permissions: createServiceRef<CommandPermissionService>({ id: 'core.permissions', scope: 'root' }),
  /** The destructive-command classifier. */
  commandClassifier: createServiceRef<CommandClassifier>({ id: 'core.commandClassifier', scope: 'root' }),
  /** The OS sandbox commands and command hooks run in (absent: the host chose none). */
  sandbox: createServiceRef<SandboxService>({ id: 'core.sandbox', scope: 'root' }),
  /** The host's validated config and where it came from (plugins read their sections from it). */
  config: createServiceRef<{ config: QuiverConfig; file?: string; dir: string }>({ id: 'core.config', scope: 'root' }),
  /** The environment of shell commands and command hooks (C1): Quiver's credentials left out. */
  childEnv: createServiceRef<ChildEnvService>({ id: 'core.childEnv', scope: 'root' }),
  /** Files no edit tool may create or change (SPEC E1: configs, hook scripts, the trust store). */
  protectedPaths: createServiceRef<ProtectedPathService>({ id: 'core.protectedPaths', scope: 'root' }),
  /** Whether the user trusts the workspace folder (SPEC W1): a plugin that runs the folder's own scripts asks this first. */
  trust: createServiceRef<WorkspaceTrust>({ id: 'core.trust', scope: 'root' }),
  /** The host's UI ports. */
  ui: createServiceRef<HostUi>({ id: 'core.ui', scope: 'root' }),
  /** Where tool-call events go. */
  telemetry: createServiceRef<Telemetry>({ id: 'core.telemetry', scope: 'root' }),
  /** The task's mutable state. */
  taskState: createServiceRef<TaskState>({ id: 'core.taskState', scope: 'task' }),
  /** The task's message state. */
  messageState: createServiceRef<MessageState>({ id: 'core.messageState', scope: 'task' }),
  /** The task's read cache. */
  readCache: createServiceRef<ReadCache>({ id: 'core.readCache', scope: 'task' }),
  /** The task's consecutive-mistake counter. */
  mistakes: createServiceRef<MistakeCounter>({ id: 'core.mistakes', scope: 'task' }),
  /**
   * The task's hook bus: a tap made here runs only for this task (among the host's taps, by
   * stage) and is gone when the task is disposed. A task-scoped service taps it in its factory
   * (`provide(ref, (services) => …services.get(coreServices.taskHooks).tap(…))`).
   */
  taskHooks: createServiceRef<HookBus>({ id: 'core.taskHooks', scope: 'task' }),
});
