import type { CommandInput } from './command-permissions.js';
import type { ResolvedPath } from './workspace.js';

/** How a tool touches a path; decides which ignore and protection rules apply. */
export type PathAccess = 'read' | 'write' | 'list' | 'search';

/** A gate's verdict, naming the SPEC rule that decided it when it denies. */
export interface GateDecision {
  allowed: boolean;
  /** The rule that denied, e.g. `P5`, `P6`, `I4`, `R7`. */
  rule?: string;
  /** A sentence for the model and the user. */
  reason?: string;
  /** The offending path, word or segment. */
  subject?: string;
  /** The ignore file whose rules denied (`.clineignore`, `.quiverignore`), when one did; messages name it. */
  file?: string;
}

/**
 * Ignore rules (`.quiverignore`, and `.clineignore` when present): SPEC P5–P7 for paths and
 * I1–I5 for shell commands. Registered as `core.ignore`.
 */
export interface IgnoreService {
  /** The ignore file's name in use, e.g. `.quiverignore`. */
  readonly fileName: string;
  /** P5–P7 for one resolved path. Paths outside every root are allowed here (P4: not this gate's call). */
  checkPath(path: ResolvedPath, access: PathAccess): Promise<GateDecision>;
  /**
   * {@link IgnoreService.checkPath}, synchronously, when the service can (the same answer).
   * `settled`: the caller awaited the workspace's `settle()` after its call began, so what the
   * service's file watchers still vouch for may stand in for a stat of the ignore files.
   */
  checkPathSync?(path: ResolvedPath, access: PathAccess, settled?: boolean): GateDecision;
  /** True when an absolute path (inside a root) is ignored; `isDirectory` tests it as a directory. */
  isIgnored(absolutePath: string, isDirectory: boolean): boolean;
  /**
   * I1–I5: every path a shell command names, in every segment. `cwd` is where it would run.
   * Given the call's screened command, the screen reads the call's one parse.
   */
  checkCommand(command: CommandInput, cwd: string): Promise<GateDecision>;
}
