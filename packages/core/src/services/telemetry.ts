/** One finished tool call, as telemetry sees it. */
export interface ToolCallEvent {
  taskId: string;
  tool: string;
  /** The gate that stopped the call, or `execute` / `done`. */
  stage: string;
  isError: boolean;
  code?: string;
  durationMs: number;
  approval: string;
}

/** Receives telemetry events. Registered as `core.telemetry`; the default keeps nothing. */
export interface Telemetry {
  toolCall(event: ToolCallEvent): void;
}

/** A telemetry sink that keeps events in memory (hosts and tests read `events`). */
export function createMemoryTelemetry(max = 1000): Telemetry & { readonly events: ToolCallEvent[] } {
  const events: ToolCallEvent[] = [];
  return {
    events,
    toolCall(event) {
      // Node 20's randomUUID (a task's default id) returns a rope of ~20 concatenated pieces,
      // ~0.6 KB kept per event; reading a character makes V8 flatten it in place to one
      // 36-character string, so the ring holds ~90 bytes of id per event instead.
      event.taskId.charCodeAt(0);
      events.push(event);
      if (events.length > max) events.shift();
    },
  };
}
