/**
 * The baseline's long-running command patterns (SPEC Part B §3). A command matching one of
 * them gets the long default timeout, because builds, installs, test runs and training jobs
 * routinely take minutes.
 */
export const LONG_RUNNING_PATTERNS: readonly RegExp[] = Object.freeze([
  /\b(npm|pnpm|yarn|bun)\s+(install|ci|build|test)\b/i,
  /\b(npm|pnpm|yarn|bun)\s+run\s+(build|test|lint|typecheck|check)\b/i,
  /\b(pip|pip3|uv)\s+install\b/i,
  /\b(poetry|pipenv)\s+install\b/i,
  /\b(cargo|go|mvn|gradle|gradlew)\s+(build|test|check|install)\b/i,
  /\b(make|cmake|ctest)\b/i,
  /\b(pytest|tox|nox|jest|vitest|mocha)\b/i,
  /\b(docker|podman)\s+build\b/i,
  /\b(torchrun|deepspeed|accelerate\s+launch)\b/i,
  /\bffmpeg\b/i,
  /\bpython(?:\d+(?:\.\d+)?)?\s+.*\b(train|finetune)\b/i,
]);

/**
 * True when a command looks long-running (a build, install, test run, training job...).
 * The command is trimmed and its whitespace runs collapsed to one space before matching,
 * so `npm\n  test` counts like `npm test`. Matching is case-insensitive.
 * @param command The shell command as the model wrote it.
 * @example
 * isLongRunningCommand('cargo build --release'); // true
 * isLongRunningCommand('ls -la'); // false
 */
export function isLongRunningCommand(command: string): boolean {
  const normalized = command.trim().replace(/\s+/g, ' ');
  return LONG_RUNNING_PATTERNS.some((pattern) => pattern.test(normalized));
}
