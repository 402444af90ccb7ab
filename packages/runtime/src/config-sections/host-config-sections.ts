import type { ConfigSection } from '@quiver/core';
import { mcpServersConfigSection } from '@quiver/mcp-hub/config-section';
import { sandboxConfigSection } from '@quiver/sandbox';
import { mcpConfigSection } from './mcp-section.js';
import { modelConfigSection } from './model-section.js';

/**
 * The config sections every Quiver host accepts besides core's keys: the sandbox's, the MCP
 * hub's `mcpServers`, the model for `quiver run`, and `quiver mcp`'s server settings. One list
 * for every host, so a config written for the CLI loads in VS Code too.
 */
export const HOST_CONFIG_SECTIONS: readonly ConfigSection[] = Object.freeze([
  sandboxConfigSection,
  mcpServersConfigSection,
  modelConfigSection,
  mcpConfigSection,
]);

const withExtra = new WeakMap<readonly ConfigSection[], readonly ConfigSection[]>();

/** The host sections plus `extra` (a host's or a plugin's own), the same array for the same `extra`. */
export function configSectionsWith(extra: readonly ConfigSection[] | undefined): readonly ConfigSection[] {
  if (!extra?.length) return HOST_CONFIG_SECTIONS;
  let all = withExtra.get(extra);
  if (!all) withExtra.set(extra, (all = Object.freeze([...HOST_CONFIG_SECTIONS, ...extra])));
  return all;
}
