/**
 * Loop detection (SPEC Part B §2): the same tool with the same arguments (keys sorted,
 * `task_progress` left out) counts up; at 3 the model is warned, at 5 the mistake limit trips.
 */
export function createLoopDetector() {
  let last = '';
  let count = 0;
  return {
    /** Record a call; returns how many identical calls in a row this makes. */
    record(tool: string, params: Record<string, unknown>): number {
      const signature = `${tool}:${stableStringify(params)}`;
      count = signature === last ? count + 1 : 1;
      last = signature;
      return count;
    },
    reset() {
      last = '';
      count = 0;
    },
  };
}

function stableStringify(params: Record<string, unknown>): string {
  const keys = Object.keys(params).filter((k) => k !== 'task_progress').sort();
  return JSON.stringify(keys.map((k) => [k, params[k]]));
}
