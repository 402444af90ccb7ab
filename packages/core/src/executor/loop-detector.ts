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
  // Every call is recorded: collect and sort the keys by hand (no filter/map arrays), and
  // sort only when there is more than one.
  const keys: string[] = [];
  for (const k in params) if (k !== 'task_progress' && Object.prototype.hasOwnProperty.call(params, k)) keys.push(k);
  if (keys.length > 1) keys.sort();
  const pairs: unknown[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) pairs[i] = [keys[i], params[keys[i]]];
  return JSON.stringify(pairs);
}
