import type { HostUi, ToolResult } from '@quiver/core';
import type { TaskOffer } from '@quiver/core/host';
import type { Runtime } from '@quiver/runtime';

/** One tool call from the host: a command, or a chat agent's language-model tool call. */
export interface RunCallOptions {
  tool: string;
  params: Record<string, unknown>;
  /** The call's UI (see `createCallUi`). */
  ui: HostUi;
  /** Cancellation (kills a running command and its processes). */
  signal?: AbortSignal;
  /** A chat model's call: it reaches only the tools offered here (the executor checks). Absent: the host's own call. */
  offer?: TaskOffer;
}

/**
 * Run one call through the whole pipeline on a task of its own. A tool that streams partial
 * blocks (the edit tools) gets the complete parameters as a partial block first, so its diff
 * preview is open while the approval prompt asks about it — as it would be while a model
 * streams the call.
 */
export async function runCall(runtime: Runtime, options: RunCallOptions): Promise<ToolResult> {
  const task = runtime.createTask({ ui: options.ui, signal: options.signal, offer: options.offer });
  const from = options.offer ? 'model' : 'host';
  try {
    const definition = await runtime.host.registry.get(options.tool).catch(() => undefined);
    if (definition?.handlePartialBlock) await task.execute({ name: options.tool, params: options.params, partial: true }, { from });
    return await task.call(options.tool, options.params, { from });
  } finally {
    await task.dispose();
  }
}

/** A result as text: text blocks as they are, images as a one-line placeholder. */
export function resultText(result: ToolResult): string {
  return result.content
    .map((b) => (b.type === 'text' ? b.text : `[image ${b.mimeType}, ${Buffer.byteLength(b.data, 'base64')} bytes]`))
    .join('\n');
}
