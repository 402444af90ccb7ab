import { killProcessTreeSync, type ProcessTreeSpec } from './kill-process-tree.js';

const active = new Set<ProcessTreeSpec>();

/**
 * Remember a running command, so that it dies with this process. It makes sure a
 * `process.on('exit')` listener kills every command still running (checked on every call, not
 * by a flag: a host or test runner that cleared the process's listeners must not leave
 * commands to outlive it); the returned function forgets the command again.
 */
export function trackCommand(tree: ProcessTreeSpec): () => void {
  if (!process.listeners('exit').includes(terminateRunningCommands)) process.on('exit', terminateRunningCommands);
  active.add(tree);
  return () => void active.delete(tree);
}

/**
 * Kill, synchronously and with SIGKILL, the process tree of every command still running in
 * this process. Runs by itself when the process exits normally; a host that handles SIGINT
 * or SIGTERM should call it from its handler (Node runs no `exit` listeners when a signal
 * kills the process). Nothing can be done when the process is SIGKILLed.
 * @example
 * process.once('SIGTERM', () => { terminateRunningCommands(); process.exit(143); });
 */
export function terminateRunningCommands(): void {
  for (const tree of active) killProcessTreeSync(tree);
  active.clear();
}
