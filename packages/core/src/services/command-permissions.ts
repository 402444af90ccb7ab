/** How one segment of a command was judged. */
export interface SegmentReport {
  /** The segment text as matched (R4). */
  text: string;
  /** Nesting: `top`, `substitution`, `subshell`, `process-substitution`, `wrapper`, `script`, `find-exec`. */
  origin: string;
  /** Nesting depth, 0 for top-level segments. */
  depth: number;
  allowed: boolean;
  /** The rule that decided it (`R5`, `R6`, `R7`, `R8`, ...). */
  rule: string;
  /** The allow or deny pattern that decided it, if one did. */
  pattern?: string;
  reason: string;
}

/** The verdict on a whole command, explainable segment by segment. */
export interface PermissionDecision {
  allowed: boolean;
  /** A short machine reason: `no_config`, `allowed`, `denied`, `no_match`, `parse_error`, `redirect`, `unsafe_syntax`, `limit`, ... */
  reason: string;
  /** The rule that decided (`R1`..`R9`), for a denial. */
  rule?: string;
  /** The pattern that decided, if any. */
  pattern?: string;
  /** The offending segment, word or character. */
  segment?: string;
  /** A full sentence for the model and the user. */
  message: string;
  segments: SegmentReport[];
}

/** The `commandPermissions` config (and `QUIVER_COMMAND_PERMISSIONS`). */
export interface CommandPermissionsConfig {
  allow?: string[];
  deny?: string[];
  allowRedirects?: boolean;
}

/**
 * A command line, or the call's screened command (`config.command`, `{ input, text, cwd,
 * root }`): given the latter, the services of one call (permissions, classifier, ignore
 * screen, sandbox) share its one parse instead of each parsing `text` again.
 */
export type CommandInput = string | { readonly text: string };

/** Command permissions, SPEC R1–R9. Registered as `core.permissions`. */
export interface CommandPermissionService {
  check(command: CommandInput): Promise<PermissionDecision>;
}

/** Why a command is destructive (SPEC Part A): it then needs the "all commands" level. */
export interface CommandClassification {
  destructive: boolean;
  reasons: string[];
}

/** The destructive-command classifier. Registered as `core.commandClassifier`. */
export interface CommandClassifier {
  classify(command: CommandInput, cwd: string): Promise<CommandClassification>;
}
