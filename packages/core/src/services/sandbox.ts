/** How a command runs: no boundary, the workspace writable, or nothing writable. */
export type SandboxMode = 'off' | 'workspace-write' | 'read-only';

/** One command to run through the sandbox. */
export interface SandboxRequest {
  /** The command line as the shell will run it. */
  command: string;
  /**
   * The call's screened command (`config.command`) when `command` is its text: the sandbox
   * reads that call's one parse (for `excludedCommands`) instead of parsing again.
   */
  screened?: { readonly text: string };
  /** Where it runs. */
  cwd: string;
  /** The model (or the user) asked to run it on the host, outside the sandbox. */
  escape?: boolean;
  /** What runs: a tool's command or a config hook. @default 'command' */
  purpose?: 'command' | 'hook';
  /**
   * Paths the process must see as on the host, read-only, though they lie outside the roots
   * (a hook's config folder: the private /tmp would otherwise hide a script kept there).
   */
  readable?: readonly string[];
}

/** Where a command will run, decided before it runs (approval uses it). */
export interface SandboxPlan {
  /** The mode it will run in (`off` when it runs on the host). */
  mode: SandboxMode;
  /** True when an OS boundary will hold it. */
  sandboxed: boolean;
  /**
   * Why it runs on the host: `off` (the mode), `excluded` (`sandbox.excludedCommands`),
   * `escape` (asked for), `unavailable` (no sandbox here, `fallback: unsandboxed`).
   */
  hostReason?: 'off' | 'excluded' | 'escape' | 'unavailable';
  /** Set when nothing may run (`fallback: refuse`): what happened and how to fix it. */
  refusal?: string;
  /** A line every result of this run carries (ran unsandboxed, and why). */
  notice?: string;
  /** Network inside the sandbox. */
  network: 'off' | 'on' | 'allowlist';
}

/** A prepared process: spawn `file` with `args` and `env` instead of `<shell> -c <command>`. */
export interface SandboxedProcess {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  plan: SandboxPlan;
}

/** What the sandbox would allow in one folder (`quiver sandbox check`). */
export interface SandboxReport {
  available: boolean;
  /** Why not, with how to fix it. */
  unavailableReason?: string;
  /** bubblewrap's path and version, when found. */
  runner?: string;
  mode: SandboxMode;
  fallback: 'refuse' | 'unsandboxed';
  network: 'off' | 'on' | 'allowlist';
  networkAllow: string[];
  writable: string[];
  readOnly: string[];
  /**
   * Host folders under the private /tmp shown read-only so commands still find their programs
   * (the running Node.js's prefix, the installs of `PATH` entries there).
   */
  hostReadable?: string[];
  masked: string[];
  denyRead: string[];
  excludedCommands: string[];
}

/**
 * The OS sandbox commands run in. Registered as `core.sandbox` by the runtime; tools that
 * start programs spawn through it. When no service is registered, the host chose no sandbox.
 */
export interface SandboxService {
  /** The settings in force, as the config's `sandbox` section gave them (its schema is the sandbox package's). */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Where a command would run, without running it. */
  plan(request: SandboxRequest): Promise<SandboxPlan>;
  /**
   * The process to spawn for `<shell> -c <command>`. Throws `QUIVER_ERR_SANDBOX_UNAVAILABLE`
   * when the plan is a refusal.
   */
  prepare(request: SandboxRequest & { shell: string; env: NodeJS.ProcessEnv }): Promise<SandboxedProcess>;
  /** What the sandbox would allow in `cwd`. */
  report(cwd: string): Promise<SandboxReport>;
  /** Stop helpers (the network proxy). */
  dispose?(): Promise<void>;
}
