/**
 * Layering rules for `extends`: later layers win, plain objects merge key by key at every
 * depth, everything else (strings, numbers, booleans, arrays) is replaced whole. An array
 * whose first item is the string {@link SPREAD} keeps the earlier layer's items and appends
 * its own — `"plugins": ["...", "./my-plugin"]` adds a plugin to a preset's list.
 */

/** The array item that stands for "the items of the layers below". */
export const SPREAD = '...';

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Merge config layers, lowest first. Inputs are not modified; `undefined` values in a later
 * layer do not erase earlier ones (a `.ts` config may spread optional fields).
 * @example
 * mergeConfigs({ approval: { readFiles: true }, plugins: ['a'] }, { approval: { editFiles: true }, plugins: ['...', 'b'] })
 * // → { approval: { readFiles: true, editFiles: true }, plugins: ['a', 'b'] }
 */
export function mergeConfigs(...layers: unknown[]): Json {
  let out: Json = {};
  for (const layer of layers) {
    if (layer === undefined) continue;
    out = mergeValue(out, layer) as Json;
  }
  return stripSpread(out) as Json;
}

function mergeValue(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (isPlainObject(base) && isPlainObject(over)) {
    const out: Json = { ...base };
    for (const [key, value] of Object.entries(over)) out[key] = mergeValue(base[key], value);
    return out;
  }
  if (Array.isArray(over) && over[0] === SPREAD) {
    return [...(Array.isArray(base) ? base : []), ...over.slice(1)];
  }
  return over;
}

/** Remove spread markers that had nothing below them (they mean "nothing" there). */
export function stripSpread(value: unknown): unknown {
  if (Array.isArray(value)) return (value[0] === SPREAD ? value.slice(1) : value).map(stripSpread);
  if (isPlainObject(value)) {
    const out: Json = {};
    for (const [key, v] of Object.entries(value)) out[key] = stripSpread(v);
    return out;
  }
  return value;
}
