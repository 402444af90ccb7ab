import { usageError } from '../usage-error.js';

/**
 * Check a command's subcommand (`config validate`, `hooks list`, ...): a missing or unknown
 * one is a usage error that names the ones there are.
 */
export function subcommand(command: string, positionals: string[], known: readonly string[], usage: string): string {
  const [name] = positionals;
  if (name !== undefined && known.includes(name)) return name;
  const choices = known.map((k) => `'quiver ${command} ${k}'`).join(' or ');
  const problem = name === undefined ? `Missing the ${command} subcommand` : `Unknown ${command} subcommand '${name}'`;
  throw usageError(`${problem}: use ${choices}.\nUsage: ${usage}`);
}
