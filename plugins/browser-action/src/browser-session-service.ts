import { createServiceRef, type PluginContext, type TaskConfig } from '@quiver/core';
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
 * Wire the plugin: the task-scoped session service, and a `PreToolUse` tap that closes the
 * task's browser before any other tool runs (SPEC Part B §2 step 6, §16.13). The tap works on
 * the firing task's own services, so no map of open sessions by task id is kept.
 */
export function registerBrowserSession(context: PluginContext): void {
  context.provide(browserSessionRef, () => new BrowserSession(), { dispose: (session) => session.close() });
  context.hooks.tap('PreToolUse', { name: context.name, onError: 'continue', timeoutMs: 15_000 }, async (event, { services }) => {
    if (event.tool === 'browser_action') return;
    const session = services?.find(browserSessionRef);
    if (session?.isLaunched) await session.close();
  });
}
