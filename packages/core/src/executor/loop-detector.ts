/**
 * Loop detection (SPEC Part B §2): the same tool with the same arguments (keys sorted,
 * `task_progress` left out) counts up; at 3 the model is warned, at 5 the mistake limit trips.
 *
 * "The same arguments" means the same JSON of each `[key, value]` pair, keys sorted. Every call
 * is recorded, so no signature string is built: the last call's keys are kept with each value
 * as it was (a string as itself, anything else as its JSON, so a later change to a nested
 * object cannot make two different calls look alike), and the next call is compared with them.
 */
export function createLoopDetector() {
  let lastTool: string | undefined;
  let lastKeys: string[] = [];
  /** Per key: the string value itself, or the JSON of a non-string value (see `asJson`). */
  let lastValues: string[] = [];
  let lastIsJson: boolean[] = [];
  let count = 0;
  return {
    /** Record a call; returns how many identical calls in a row this makes. */
    record(tool: string, params: Record<string, unknown>): number {
      const keys = sortedKeys(params);
      const same = tool === lastTool && sameArguments(keys, params, lastKeys, lastValues, lastIsJson);
      count = same ? count + 1 : 1;
      if (!same) {
        lastTool = tool;
        lastKeys = keys;
        lastValues = new Array(keys.length);
        lastIsJson = new Array(keys.length);
        for (let i = 0; i < keys.length; i++) {
          const value = params[keys[i]];
          lastIsJson[i] = typeof value !== 'string';
          lastValues[i] = typeof value === 'string' ? value : asJson(value);
        }
      }
      return count;
    },
    reset() {
      lastTool = undefined;
      lastKeys = [];
      lastValues = [];
      lastIsJson = [];
      count = 0;
    },
  };
}

/** The own keys but `task_progress`, sorted (collected by hand: no filter/map arrays). */
function sortedKeys(params: Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (const k in params) if (k !== 'task_progress' && Object.prototype.hasOwnProperty.call(params, k)) keys.push(k);
  if (keys.length > 1) keys.sort();
  return keys;
}

function sameArguments(keys: string[], params: Record<string, unknown>, lastKeys: string[], values: string[], isJson: boolean[]): boolean {
  if (keys.length !== lastKeys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== lastKeys[i]) return false;
    const value = params[keys[i]];
    // Two strings have the same JSON exactly when they are equal.
    if (typeof value === 'string' && !isJson[i]) {
      if (value !== values[i]) return false;
    } else if (typeof value === 'string' || !isJson[i] || asJson(value) !== values[i]) return false;
  }
  return true;
}

/** A value's JSON as an array element (so `undefined` reads `null`, as it did in the pair). */
function asJson(value: unknown): string {
  return JSON.stringify([value]);
}
