import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { continueSession, createSession, loadSession, newSessionId, type SavedSession, type SessionWriter } from '@quiver/agent';
import { usageError } from '../usage-error.js';

/** Where `quiver run` keeps its sessions, below the primary workspace root. */
export function sessionsDir(root: string): string {
  return join(root, '.quiver', 'sessions');
}

/**
 * The session to resume for `quiver run --resume [id] ["more instructions"]`: the first
 * argument is the id when a session of that name exists, else it is more instructions for
 * the newest session. A completed session cannot be resumed without new instructions.
 */
export function sessionToResume(root: string, positionals: string[]): { saved: SavedSession; prompt?: string } {
  const dir = sessionsDir(root);
  const [first, ...rest] = positionals;
  const isId = first !== undefined && /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(first) && existsSync(join(dir, `${first}.jsonl`));
  let saved: SavedSession;
  try {
    saved = loadSession(dir, isId ? first : undefined);
  } catch (e) {
    // Nothing to resume is a usage problem of this command (exit 2), said in the session's words.
    throw usageError(e instanceof Error ? e.message : String(e));
  }
  const prompt = (isId ? rest : positionals).join(' ').trim() || undefined;
  if (saved.status === 'completed' && !prompt) {
    throw usageError(
      `Session ${saved.header.id} completed already. To go on with it, say what to do next: quiver run --resume ${saved.header.id} "<what next>".`,
    );
  }
  if (!saved.messages.length) throw usageError(`Session ${saved.header.id} has no conversation to resume; start a new run instead.`);
  return { saved, prompt };
}

/**
 * A writer for this run's session: the resumed one, or a new file. Saving is best effort: a
 * folder that cannot be written costs the session, not the run (the reason goes to stderr).
 */
export function openSession(
  root: string,
  options: { resumed?: SavedSession; prompt: string; model: { provider: string; model: string }; warn(text: string): void },
): SessionWriter | undefined {
  try {
    if (options.resumed) return continueSession(options.resumed);
    return createSession(sessionsDir(root), {
      id: newSessionId(),
      created: new Date().toISOString(),
      prompt: options.prompt,
      cwd: root,
      model: options.model,
    });
  } catch (e) {
    options.warn(`the conversation is not saved (${e instanceof Error ? e.message : String(e)}), so this run cannot be resumed.`);
    return undefined;
  }
}
