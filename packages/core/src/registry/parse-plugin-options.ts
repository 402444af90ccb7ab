import { ERROR_CODES, quiverError } from '../errors.js';
import type { PluginDefinition } from '../tool/define-plugin.js';
import { formatIssues, issueKey } from '../config/validate-config.js';

/** Where a plugin's options were written, so a bad value's error can name the file and key. */
export interface PluginOptionsSource {
  /** The config file; absent for inline configs and in-memory plugins. */
  file?: string;
  /** The dotted key of the options object, e.g. `plugins.3.options`. @default 'options' */
  key?: string;
}

/**
 * Parse a plugin's options with the zod schema it declares (`definePlugin({ options })`),
 * once, when the plugin loads. A plugin without a schema gets its options as written. A bad
 * value is a `QUIVER_ERR_CONFIG_INVALID` naming the file, the plugin and the key — the same
 * error as an unknown key anywhere else in the config.
 */
export function parsePluginOptions(
  plugin: PluginDefinition,
  raw: Readonly<Record<string, unknown>>,
  source: PluginOptionsSource = {},
): Readonly<Record<string, unknown>> {
  if (!plugin.options) return Object.freeze({ ...raw });
  // jitless: parsed once per plugin load; zod's compiled fast path would cost more than it saves.
  const parsed = plugin.options.safeParse(raw, { jitless: true });
  if (parsed.success) return Object.freeze(parsed.data as Record<string, unknown>);
  const prefix = source.key ?? 'options';
  const where = source.file ?? 'the config';
  const first = issueKey(parsed.error.issues[0]);
  throw quiverError(
    ERROR_CODES.CONFIG_INVALID,
    `Invalid options for plugin '${plugin.name}' in ${where}:\n${formatIssues(parsed.error.issues, prefix)}`,
    { file: source.file, plugin: plugin.name, key: first ? `${prefix}.${first}` : prefix },
  );
}
