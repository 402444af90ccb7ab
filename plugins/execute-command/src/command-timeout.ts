import { isLongRunningCommand } from './long-running.js';

/** The timeout of a long-running command when the model gives none, in seconds. */
export const LONG_RUNNING_TIMEOUT_SECONDS = 300;

/** The timeout of any other command when the model gives none, in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * The timeout of a command, in seconds. Quiver always has one (SPEC Part A): the model's
 * `timeout` when it parses (`parseInt`, so `"45s"` is 45) to a positive number, else 300 s
 * for a long-running command ({@link isLongRunningCommand}), else 30 s. Unlike the
 * baseline, this holds in every approval mode, not only yolo or background mode.
 * @param command The shell command.
 * @param timeoutParam The model's `timeout` parameter, if any (a number or a string).
 * @example
 * resolveCommandTimeoutSeconds('npm test', undefined); // 300
 * resolveCommandTimeoutSeconds('npm test', '45'); // 45
 * resolveCommandTimeoutSeconds('ls -la', undefined); // 30
 */
export function resolveCommandTimeoutSeconds(command: string, timeoutParam?: unknown): number {
  const requested = parseTimeout(timeoutParam);
  if (requested !== undefined) return requested;
  return isLongRunningCommand(command) ? LONG_RUNNING_TIMEOUT_SECONDS : DEFAULT_TIMEOUT_SECONDS;
}

function parseTimeout(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const parsed = parseInt(String(value), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}
