import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { quiverError } from '@quiver/core';
import { AGENT_ERRORS } from './agent-errors.js';

/** The first line of a session file. */
export interface SessionHeader {
  type: 'session';
  version: 1;
  id: string;
  /** ISO time the session started. */
  created: string;
  prompt: string;
  cwd: string;
  model?: { provider: string; model: string };
}

/** A saved session, as {@link loadSession} reads it back. */
export interface SavedSession {
  header: SessionHeader;
  messages: ModelMessage[];
  /** How the last run on it ended (`completed`, `aborted`, `error`...), if it ended at all. */
  status?: string;
  path: string;
}

/** Appends one session's conversation to `<dir>/<id>.jsonl` as it grows. */
export interface SessionWriter {
  readonly id: string;
  readonly path: string;
  /** Append messages (one JSON line each); synchronous, so a crash right after loses nothing. */
  append(messages: readonly ModelMessage[]): void;
  /** Record how a run on the session ended. */
  end(status: string): void;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** A new session id: sortable by time, e.g. `20261201-101500-4f2a`. */
export function newSessionId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${Math.random().toString(16).slice(2, 6)}`;
}

/**
 * Start a session file in `dir` (created with a `.gitignore` so sessions stay out of git).
 * Lines: the header, then `{"type":"message","message":…}` per message, `{"type":"end",…}` per run.
 */
export function createSession(dir: string, header: Omit<SessionHeader, 'type' | 'version'>): SessionWriter {
  mkdirSync(dir, { recursive: true });
  const ignore = join(dir, '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '*\n');
  const path = join(dir, `${header.id}.jsonl`);
  if (!existsSync(path)) appendFileSync(path, `${JSON.stringify({ type: 'session', version: 1, ...header })}\n`, { mode: 0o600 });
  return writerFor(header.id, path);
}

/** Go on writing an existing session. */
export function continueSession(session: SavedSession): SessionWriter {
  return writerFor(session.header.id, session.path);
}

function writerFor(id: string, path: string): SessionWriter {
  return {
    id,
    path,
    append(messages) {
      if (messages.length) appendFileSync(path, messages.map((message) => `${JSON.stringify({ type: 'message', message })}\n`).join(''));
    },
    end(status) {
      appendFileSync(path, `${JSON.stringify({ type: 'end', status, at: new Date().toISOString() })}\n`);
    },
  };
}

/**
 * Read a session back: `id`, or the newest session in `dir` when `id` is undefined. A torn
 * last line (a crash mid-write) is skipped. Clear errors for a missing folder, an unknown id
 * or a file that is not a session.
 */
export function loadSession(dir: string, id?: string): SavedSession {
  const chosen = id ?? newestId(dir);
  if (!ID.test(chosen))
    throw quiverError(
      AGENT_ERRORS.AGENT_SESSION,
      `'${chosen}' is not a session id. Session ids look like 20261201-101500-4f2a; see the files in ${dir}.`,
    );
  const path = join(dir, `${chosen}.jsonl`);
  if (!existsSync(path))
    throw quiverError(
      AGENT_ERRORS.AGENT_SESSION,
      `No session '${chosen}' in ${dir}. Run quiver run --resume without an id to continue the newest one.`,
      { file: path },
    );
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  const records = lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as { type?: string; message?: ModelMessage; status?: string }];
    } catch {
      return [];
    }
  });
  const header = records[0] as unknown as SessionHeader | undefined;
  if (header?.type !== 'session')
    throw quiverError(AGENT_ERRORS.AGENT_SESSION, `${path} is not a Quiver session file (its first line is not a session header).`, {
      file: path,
    });
  const messages = records.filter((r) => r.type === 'message' && r.message).map((r) => r.message!);
  const status = records.filter((r) => r.type === 'end').at(-1)?.status;
  return { header, messages, status, path };
}

function newestId(dir: string): string {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : [];
  if (!files.length)
    throw quiverError(AGENT_ERRORS.AGENT_SESSION, `There is no session to resume in ${dir}. Start one with quiver run "<task>".`);
  const newest = files.map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs })).sort((a, b) => b.t - a.t || (b.f < a.f ? -1 : 1))[0];
  return newest.f.slice(0, -'.jsonl'.length);
}
