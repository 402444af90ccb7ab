import { quiverError } from '@quiver/core';
import { TOOL_NAME_PATTERN } from '@quiver/core/host';
import { CLI_ERRORS } from '../cli-errors.js';

/** The names a new plugin gets from the one the user typed. */
export interface PluginNames {
  /** The npm package name: `quiver-tool-word-count` or `@acme/quiver-tool-word-count`. */
  packageName: string;
  /** The package name without its scope, used for the default folder. */
  bareName: string;
  /** The model-visible tool name: `word_count`. */
  toolName: string;
  /** The tool's file stem: `word-count`. */
  fileStem: string;
  /** The tool's identifier in code: `wordCount`. */
  identifier: string;
}

const PACKAGE_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const PREFIX = 'quiver-tool-';

/**
 * Derive the package and tool names. `word-count`, `quiver-tool-word-count` and
 * `@acme/word-count` become `quiver-tool-word-count` / `@acme/quiver-tool-word-count`, the
 * naming convention plugins are found by; the tool is `word_count`.
 * @example
 * pluginNames('@acme/word-count').packageName; // '@acme/quiver-tool-word-count'
 */
export function pluginNames(input: string): PluginNames {
  const trimmed = input.trim();
  const scope = trimmed.startsWith('@') ? trimmed.slice(0, trimmed.indexOf('/') + 1) : '';
  const rest = trimmed.slice(scope.length);
  const stem = rest.startsWith(PREFIX) ? rest.slice(PREFIX.length) : rest;
  const packageName = `${scope}${PREFIX}${stem}`;
  const toolName = stem.replace(/[-.~]+/g, '_');
  if (!stem || (scope && scope.length < 3) || !PACKAGE_NAME.test(packageName) || packageName.length > 214) {
    throw quiverError(
      CLI_ERRORS.SCAFFOLD_FAILED,
      `'${input}' does not make a valid npm package name (got '${packageName}'). Use lower-case letters, digits and dashes, e.g. 'word-count' or '@acme/word-count'.`,
    );
  }
  if (!TOOL_NAME_PATTERN.test(toolName)) {
    throw quiverError(
      CLI_ERRORS.SCAFFOLD_FAILED,
      `'${input}' gives the tool name '${toolName}', which does not match ^[a-zA-Z0-9_-]{1,64}$. Pick a shorter or simpler name.`,
    );
  }
  const fileStem = toolName.replace(/_/g, '-');
  const identifier = fileStem.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  return {
    packageName,
    bareName: packageName.slice(scope.length),
    toolName,
    fileStem,
    identifier: /^[0-9]/.test(identifier) ? `tool${identifier}` : identifier,
  };
}
