import type { CommandPermissionsConfig } from '@quiver/core';

/** The environment variable that overrides the config's `commandPermissions` (same JSON). */
export const COMMAND_PERMISSIONS_ENV = 'QUIVER_COMMAND_PERMISSIONS';

/**
 * The effective command-permission config (Part B §4 with Part A's names). A non-empty
 * `QUIVER_COMMAND_PERMISSIONS` wins over `fromConfig`; if it is not valid JSON for an object,
 * the config value is used instead. Non-array lists, non-string patterns and a non-boolean
 * `allowRedirects` are dropped. `undefined` means no command restriction (`no_config`).
 *
 * @param fromConfig - the config file's `commandPermissions` (object, or JSON text)
 * @param env - where to read the override from
 * @default env process.env
 * @example resolveCommandPermissionsConfig({ allow: ['npm *'] }, {}) // { allow: ['npm *'] }
 */
export function resolveCommandPermissionsConfig(
  fromConfig?: unknown,
  env: NodeJS.ProcessEnv = process.env,
): CommandPermissionsConfig | undefined {
  const override = env[COMMAND_PERMISSIONS_ENV];
  if (override !== undefined && override.trim() !== '') {
    const parsed = normalizeConfig(override);
    if (parsed) return parsed;
  }
  return normalizeConfig(fromConfig);
}

function normalizeConfig(value: unknown): CommandPermissionsConfig | undefined {
  let data = value;
  if (typeof data === 'string') {
    if (data.trim() === '') return undefined;
    try {
      data = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const record = data as Record<string, unknown>;
  const config: CommandPermissionsConfig = {};
  const allow = patternList(record.allow);
  const deny = patternList(record.deny);
  if (allow) config.allow = allow;
  if (deny) config.deny = deny;
  if (typeof record.allowRedirects === 'boolean') config.allowRedirects = record.allowRedirects;
  return config;
}

function patternList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((p): p is string => typeof p === 'string');
}
