import { coreServices, createServiceRef, type PluginContext, type ServiceLocator, type TaskConfig } from '@quiver/core';
import { BrowserSession } from './browser-session.js';

/** The task's browser session: one browser per task, closed when the task scope is disposed. */
export const browserSessionRef = createServiceRef<BrowserSession>({ id: 'browser-action.session', scope: 'task' });

/**
 * The session of the call's task: the task-scoped service. The container registers a task
 * service in a task that began before the plugin loaded too, so every task has one.
 */
export function sessionOf(config: TaskConfig): BrowserSession {
  return config.services.get(browserSessionRef);
}

/**
 * Wire the plugin: the task-scoped session service. Each task's session, when it is made,
 * taps `PreToolUse` on that task's own hook bus to close its browser before any other tool
 * runs (SPEC Part B §2 step 6, §16.13); the tap goes with the task. A task that never uses
 * the browser has neither a session nor a tap.
 */
export function registerBrowserSession(context: PluginContext): void {
  context.provide(browserSessionRef, (services) => openSession(context.name, services), { dispose: (session) => session.close() });
}

function openSession(plugin: string, services: ServiceLocator): BrowserSession {
  const session = new BrowserSession();
  services.get(coreServices.taskHooks).tap('PreToolUse', { name: plugin, onError: 'continue', timeoutMs: 15_000 }, async (event) => {
    if (event.tool !== 'browser_action' && session.isLaunched) await session.close();
  });
  return session;
}
