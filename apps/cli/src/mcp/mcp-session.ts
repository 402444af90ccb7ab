import type { Root } from '@modelcontextprotocol/sdk/types.js';
import type { Runtime } from '@quiver/runtime';
import type { McpRequestExtra } from './mcp-host-ui.js';
import { broadRootReason } from './broad-root.js';
import { rootsToWorkspace, type ClientRoot } from './mcp-roots.js';

/** Options of {@link createMcpSession}. */
export interface McpSessionOptions {
  /** Build a runtime; `roots` replace the config's workspace roots when given. */
  open(roots: ClientRoot[] | undefined): Promise<Runtime>;
  /** Ask the client for its roots (`roots/list`), tied to the request that needs them. */
  listRoots(extra: McpRequestExtra | undefined): Promise<Root[]>;
  log(line: string): void;
  /** A warning the client should see (its log, `notifications/message`); also logged. @default log */
  warn?(line: string): void;
  /** Accept client roots that are the filesystem root, the home folder or a system folder (`mcp.allowBroadRoots`). @default false */
  allowBroadRoots?: boolean;
}

/** The runtime of one MCP session, rebuilt when the client's roots change. */
export interface McpSession {
  /** Run `fn` on the current runtime, after applying any roots change the client announced. */
  use<T>(extra: McpRequestExtra | undefined, fn: (runtime: Runtime) => Promise<T>): Promise<T>;
  /** The client's roots changed (or are known for the first time): re-list them before the next use. */
  rootsChanged(): void;
  dispose(): Promise<void>;
}

interface Slot {
  runtime: Runtime;
  users: number;
  retired: boolean;
}

/**
 * A session's runtime. Roots are listed lazily, by the next request that needs the runtime,
 * so the `roots/list` request can ride on that request's stream (Streamable HTTP has no
 * other stream open right after `initialized`). A replaced runtime is disposed once the
 * calls still running on it finish; a roots list that cannot be applied keeps the current
 * workspace and is logged.
 */
export function createMcpSession(options: McpSessionOptions): McpSession {
  let current: Slot | undefined;
  let opening: Promise<Slot> | undefined;
  let wanted = 0;
  let applied = 0;
  let refreshing: Promise<void> | undefined;
  let closed = false;

  const retire = (s: Slot | undefined) => {
    if (!s) return;
    s.retired = true;
    if (s.users === 0) void s.runtime.dispose();
  };

  const ensureOpen = (): Promise<Slot> => {
    if (closed) return Promise.reject(new Error('The MCP session is closed.'));
    if (current) return Promise.resolve(current);
    opening ??= options.open(undefined).then(
      (runtime) => {
        opening = undefined;
        // A roots refresh may have installed a runtime meanwhile; it is the newer one.
        if (current || closed) void runtime.dispose();
        else current = slot(runtime);
        if (!current) throw new Error('The MCP session is closed.');
        return current;
      },
      (e: unknown) => {
        opening = undefined;
        throw e;
      },
    );
    return opening;
  };

  const refresh = async (target: number, extra: McpRequestExtra | undefined) => {
    try {
      const { roots: given, skipped } = rootsToWorkspace(await options.listRoots(extra));
      if (skipped.length) options.log(`ignoring client roots that are not file: URIs: ${skipped.join(', ')}`);
      const roots = options.allowBroadRoots ? given : boundRoots(given, options.warn ?? options.log);
      // No usable client root: the configured workspace roots stay in force.
      const next = slot(await options.open(roots.length ? roots : undefined));
      if (closed) return void next.runtime.dispose();
      const previous = current;
      current = next;
      retire(previous);
    } catch (e) {
      options.log(`could not use the client's roots (${e instanceof Error ? e.message : String(e)}); keeping the current workspace`);
    } finally {
      applied = Math.max(applied, target);
    }
  };

  const ensureFresh = async (extra: McpRequestExtra | undefined) => {
    while (applied < wanted) {
      refreshing ??= refresh(wanted, extra).finally(() => {
        refreshing = undefined;
      });
      await refreshing;
    }
  };

  return {
    async use(extra, fn) {
      await ensureFresh(extra);
      let s = await ensureOpen();
      // A roots refresh may have replaced the runtime while this call waited for it.
      while (s.retired) s = await ensureOpen();
      s.users++;
      try {
        return await fn(s.runtime);
      } finally {
        s.users--;
        if (s.retired && s.users === 0) void s.runtime.dispose();
      }
    },
    rootsChanged() {
      wanted++;
    },
    async dispose() {
      closed = true;
      const s = current;
      current = undefined;
      if (s) {
        s.retired = true;
        await s.runtime.dispose();
      }
    },
  };
}

/** The client roots that are not too broad; each refused one is warned about. */
function boundRoots(roots: ClientRoot[], warn: (line: string) => void): ClientRoot[] {
  return roots.filter((root) => {
    const why = broadRootReason(root.path);
    if (why)
      warn(
        `refused the client root ${root.path}: it is ${why}, which would put the whole of it inside the workspace. The configured workspace roots are used instead; set mcp.allowBroadRoots: true in quiver.config to accept such roots.`,
      );
    return !why;
  });
}

function slot(runtime: Runtime): Slot {
  return { runtime, users: 0, retired: false };
}
