import { createServiceRef, type PluginContext, type TaskConfig } from '@quiver/core';
import { BrowserSession } from './browser-session.js';

/** The task's browser session: one browser per task, closed when the task scope is disposed. */
export const browserSessionRef = createServiceRef<BrowserSession>({ id: 'browser-action.session', scope: 'task' });

/** Task-state key of the fallback session (see {@link sessionOf}). */
const FALLBACK_KEY = '@quiver/tool-browser-action';

/** Open sessions by task id, so another tool of the task can close its browser first. */
const openByTask = new Map<string, BrowserSession>();

/**
 * The session of the call's task. It is the task-scoped service; when the plugin registered
 * after the task's scope was made (a plugin imported on first use), the scope has no such
 * service, so the session lives in the task state instead and is closed when the task ends
 * (its signal aborts on dispose and on cancel).
 */
export function sessionOf(config: TaskConfig): BrowserSession {
  const provided = config.services.find(browserSessionRef);
  if (provided) return provided;
  let session = config.taskState.values.get(FALLBACK_KEY) as BrowserSession | undefined;
  if (!session) {
    const created = new BrowserSession();
    config.taskState.values.set(FALLBACK_KEY, created);
    config.signal.addEventListener('abort', () => void disposeSession(created), { once: true });
    session = created;
  }
  return session;
}

/** Remember that a task's browser is open. */
export function noteOpen(taskId: string, session: BrowserSession): void {
  openByTask.set(taskId, session);
}

/** Close a task's browser, if it has one open. */
export async function closeTaskBrowser(taskId: string): Promise<void> {
  const session = openByTask.get(taskId);
  openByTask.delete(taskId);
  if (session) await session.close();
}

/** Close a session and forget it. */
export async function disposeSession(session: BrowserSession): Promise<void> {
  for (const [taskId, open] of openByTask) if (open === session) openByTask.delete(taskId);
  await session.close();
}

/**
 * Wire the plugin: the task-scoped session service, and a `PreToolUse` tap that closes the
 * task's browser before any other tool runs (SPEC Part B §2 step 6, §16.13).
 */
export function registerBrowserSession(context: PluginContext): void {
  context.provide(browserSessionRef, () => new BrowserSession(), { dispose: (session) => disposeSession(session) });
  context.hooks.tap('PreToolUse', { name: context.name, onError: 'continue', timeoutMs: 15_000 }, async (event) => {
    if (event.tool !== 'browser_action') await closeTaskBrowser(event.taskId);
  });
}
