/**
 * A positive number from a plugin's options (`config.options`), or the fallback when the key
 * is absent, not a number, zero or negative. Plugin options come from a user's config file,
 * so a wrong value falls back to the default rather than failing every call.
 * @param options - the plugin's options, e.g. `config.options`.
 * @param key - the option's name.
 * @param fallback - the default.
 * @example
 * const limit = positiveNumberOption(config.options, 'limit', 200);
 */
export function positiveNumberOption(options: Readonly<Record<string, unknown>>, key: string, fallback: number): number {
  const value = options[key];
  return typeof value === 'number' && value > 0 ? value : fallback;
}
