import { createAutoApprover, type AutoApprover } from '../approval/auto-approver.js';
import { approvalSettingsSchema, type ApprovalSettings } from '../approval/approval-settings.js';
import { coreServices } from '../container/core-services.js';
import { createContainer, type QuiverContainer } from '../container/create-container.js';
import { createTask, type Task, type TaskOptions } from '../executor/executor.js';
import { createHookBus, type HookBus } from '../hooks/hook-bus.js';
import { createRegistry, type BundledPlugin, type Registry, type ToolSettings } from '../registry/registry.js';
import type { HostUi } from './host-ui.js';

/** The version of this core, checked against plugin manifests' `core` ranges. */
export const CORE_VERSION = '0.1.0';

/** Options of {@link createHost}. */
export interface HostOptions {
  /** The host's UI ports. */
  ui: HostUi;
  /** Approval settings (missing keys take the baseline defaults). */
  approval?: Partial<ApprovalSettings>;
  /** Per-tool settings from the config. */
  tools?: Record<string, ToolSettings>;
  /** Plugin modules bundled into the host (see `BundledPlugin`). */
  bundledPlugins?: ReadonlyMap<string, BundledPlugin>;
}

/** One host: a root container, a hook bus, a registry and an approver. Tasks run on it. */
export interface Host {
  readonly container: QuiverContainer;
  readonly hooks: HookBus;
  readonly registry: Registry;
  readonly approver: AutoApprover;
  readonly ui: HostUi;
  /** A new task scope. */
  createTask(options?: TaskOptions): Task;
  dispose(): Promise<void>;
}

/**
 * Create a host. It has no services yet: provide them on `host.container` (or use
 * `@quiver/runtime`, which provides the default ones from a config).
 * @example
 * const host = createHost({ ui });
 * host.registry.addPlugin(myPlugin);
 * const result = await host.createTask().call('echo', { text: 'hi' });
 */
export function createHost(options: HostOptions): Host {
  const container = createContainer();
  const hooks = createHookBus();
  const approver = createAutoApprover(approvalSettingsSchema.parse(options.approval ?? {}, { jitless: true }));
  const registry = createRegistry({ coreVersion: CORE_VERSION, container, hooks, tools: options.tools, bundled: options.bundledPlugins });
  container.provideValue(coreServices.ui, options.ui);
  return {
    container,
    hooks,
    registry,
    approver,
    ui: options.ui,
    createTask: (taskOptions) => createTask({ container, hooks, tools: registry, approver, ui: options.ui }, taskOptions),
    dispose: () => container.dispose(),
  };
}
