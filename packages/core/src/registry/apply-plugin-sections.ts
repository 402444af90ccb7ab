import { coreServices } from '../container/core-services.js';
import type { ServiceLocator } from '../container/service-ref.js';
import { formatIssues, issueKey } from '../config/validate-config.js';
import { ERROR_CODES, quiverError } from '../errors.js';
import type { PluginDefinition } from '../tool/define-plugin.js';

/**
 * Parse the values of a plugin's config sections (`definePlugin({ sections })`) in the host's
 * config, once, when the plugin loads, and put each parsed value in its key's place, so
 * `section.of(config)` gives the plugin (and its tools) the value its schema made. A bad value
 * is a `QUIVER_ERR_CONFIG_INVALID` naming the file, the plugin and the key — the same error
 * as a bad value of a host's section. A host without a config service has no values to parse.
 */
export function applyPluginSections(plugin: PluginDefinition, services: ServiceLocator): void {
  if (!plugin.sections?.length) return;
  const host = services.find(coreServices.config);
  if (!host) return;
  const config = host.config as Record<string, unknown>;
  for (const section of plugin.sections) {
    const value = config[section.key];
    if (value === undefined) continue;
    const parsed = section.schema.safeParse(value);
    if (!parsed.success) {
      const first = issueKey(parsed.error.issues[0]);
      throw quiverError(
        ERROR_CODES.CONFIG_INVALID,
        `Invalid config ${host.file ?? '<inline config>'} (the '${section.key}' section of plugin '${plugin.name}'):\n${formatIssues(parsed.error.issues, section.key)}`,
        { file: host.file, plugin: plugin.name, key: first ? `${section.key}.${first}` : section.key },
      );
    }
    config[section.key] = parsed.data;
  }
}

/**
 * The section keys a package's manifest lists (`quiver.sections`) must be the ones its plugin
 * declares, as its tools must be: a host accepted the config's keys from the manifest.
 */
export function checkSectionKeys(plugin: PluginDefinition, declared: readonly string[] | undefined, file: string): void {
  const listed = [...(declared ?? [])].sort();
  const defined = (plugin.sections ?? []).map((s) => s.key).sort();
  if (listed.join() === defined.join()) return;
  throw quiverError(
    ERROR_CODES.PLUGIN_EXPORT_MISMATCH,
    `Plugin '${plugin.name}' declares config sections [${listed.join(', ')}] in its manifest but defines [${defined.join(', ')}]. Make quiver.sections match the plugin's sections.`,
    { plugin: plugin.name, file, key: 'quiver.sections' },
  );
}
