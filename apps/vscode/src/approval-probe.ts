import { definePlugin, STAGE, type ApprovalRequest, type HostUi, type PluginDefinition, type ToolResult } from '@quiver/core';
import type { Runtime } from '@quiver/runtime';

/** What Quiver's gates would do with a call, found without running the tool. */
export type ProbeOutcome =
  /** The user would be asked: this is the prompt. */
  | { kind: 'ask'; request: ApprovalRequest }
  /** Approved without asking (by the config's approval levels). */
  | { kind: 'auto' }
  /** A gate before approval refuses the call (validation, permissions, ignore rules); the result says why. */
  | { kind: 'refused'; result: ToolResult };

/** Runs Quiver's gates up to approval, so a host can show the confirmation before the call. */
export interface ApprovalProbe {
  /** Add this to the runtime (first, so its stop runs before any other PreToolUse tap). */
  readonly plugin: PluginDefinition;
  probe(runtime: Runtime, tool: string, params: Record<string, unknown>): Promise<ProbeOutcome>;
}

const PLUGIN_NAME = '@quiver/vscode-approval-probe';

const SILENT_UI: Omit<HostUi, 'approve'> = {
  say: () => undefined,
  ask: async () => ({ response: 'no', text: 'Quiver is only checking approval for this call.' }),
};

/**
 * Create the probe. A probe call runs the real pipeline on a throwaway task: validation,
 * command permissions, ignore rules, path resolution and the approval gate. If the gate asks,
 * the probe's UI records the prompt and says no; if it approves on its own, a policy-stage
 * PreToolUse tap stops the call before any hook or the tool runs. Nothing is executed either way.
 */
export function createApprovalProbe(): ApprovalProbe {
  const probing = new Set<string>();
  const stopped = new Set<string>();
  const plugin = definePlugin({
    name: PLUGIN_NAME,
    tools: [],
    register(ctx) {
      ctx.hooks.tap('PreToolUse', { name: PLUGIN_NAME, stage: STAGE.POLICY }, (event) => {
        if (!probing.has(event.taskId)) return undefined;
        stopped.add(event.taskId);
        return { decision: 'deny', reason: 'approval probe only' };
      });
    },
  });

  return {
    plugin,
    async probe(runtime, tool, params) {
      let request: ApprovalRequest | undefined;
      const ui: HostUi = {
        ...SILENT_UI,
        approve: async (r) => {
          request ??= r;
          return { approved: false, message: 'approval probe only' };
        },
      };
      const task = runtime.createTask({ ui });
      probing.add(task.id);
      try {
        const result = await task.call(tool, params);
        if (request) return { kind: 'ask', request };
        if (stopped.has(task.id)) return { kind: 'auto' };
        return { kind: 'refused', result };
      } finally {
        probing.delete(task.id);
        stopped.delete(task.id);
        await task.dispose();
      }
    },
  };
}
