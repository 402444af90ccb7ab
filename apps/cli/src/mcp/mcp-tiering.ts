/**
 * The tier-up budget V8 gets in a `quiver mcp` session: four times Node 20's default (67,584
 * bytes of bytecode run between a function's tier-up checks), so TurboFan optimizes only what
 * stays hot across many calls. Measured on 1,000 small reads from a fresh server (SDK client,
 * alternating rounds): peak RSS 79.3 -> 75.8 MB, server CPU lower too, as the optimizing
 * compiler's work and its zone memory (malloc'd on V8's worker threads) were most of what the
 * server grew by beyond server-filesystem; a function that stays hot is still optimized.
 */
export const MCP_INTERRUPT_BUDGET = 4 * 67_584;

let tuned = false;

/**
 * Raise V8's tier-up budget for the rest of this process (once). Called on a session's second
 * tools/call, not at start: a flag change makes V8 refuse code caches made under other flags,
 * and the bundle's caches are made by a build run (start, tools/list, one call) under the
 * default flags, so every chunk a start or first call loads must be loaded before the change.
 * `node:v8` itself costs ~4 ms to load, which is why it is imported here and not at start-up.
 */
export async function tuneTieringForMcp(): Promise<void> {
  if (tuned) return;
  tuned = true;
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString(`--interrupt-budget=${MCP_INTERRUPT_BUDGET}`);
}
