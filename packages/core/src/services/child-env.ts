/**
 * The environment of the programs Quiver starts for the model and the config: shell commands
 * (a command tool) and command hooks (SPEC C1). They must not inherit the credentials
 * Quiver itself holds — an auto-approved `printenv` would hand them to the model.
 */

/** Variable-name patterns left out of every child environment unless passed on purpose. */
export const DEFAULT_STRIP_ENV: readonly string[] = Object.freeze(['*_TOKEN', '*_SECRET', '*_KEY']);

/** Options of {@link buildChildEnv}. */
export interface ChildEnvOptions {
  /** The environment to start from. @default process.env */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Names of the variables holding Quiver's own credentials (provider and search keys, the
   * MCP token, every `apiKeyEnv`). Always left out, whatever `stripEnv` says, unless `passEnv`
   * names them.
   */
  credentials?: Iterable<string>;
  /** Name patterns to leave out (`*` matches any run of characters; case-insensitive). @default DEFAULT_STRIP_ENV */
  stripEnv?: readonly string[];
  /** Names or patterns to pass even when a credential or `stripEnv` would leave them out (`commands.passEnv`). */
  passEnv?: readonly string[];
}

/** Builds child environments; registered as `core.childEnv` by the runtime from the config. */
export interface ChildEnvService {
  /** A fresh environment for one child process, with `extra` added on top (never stripped). */
  build(extra?: Readonly<Record<string, string>>): NodeJS.ProcessEnv;
  /** Why a variable is left out (`credential` or the pattern), or undefined when it is passed. */
  explain(name: string): string | undefined;
}

/**
 * A child process's environment: `env` minus Quiver's credentials and minus the `stripEnv`
 * patterns, except what `passEnv` names.
 * @example
 * buildChildEnv({ env: { PATH: '/bin', GITHUB_TOKEN: 'x', OPENAI_API_KEY: 'y' }, passEnv: ['GITHUB_TOKEN'] });
 * // → { PATH: '/bin', GITHUB_TOKEN: 'x' }
 */
export function buildChildEnv(options: ChildEnvOptions = {}): NodeJS.ProcessEnv {
  return createChildEnvService(options).build();
}

/**
 * The service behind {@link buildChildEnv}; the source environment is read at each `build()`,
 * so a variable set after start-up is screened too.
 */
export function createChildEnvService(options: ChildEnvOptions = {}): ChildEnvService {
  const credentials = new Set([...(options.credentials ?? [])].map((n) => n.toUpperCase()));
  const strip = (options.stripEnv ?? DEFAULT_STRIP_ENV).map((p) => ({ pattern: p, re: globRegExp(p) }));
  const pass = (options.passEnv ?? []).map(globRegExp);
  const explain = (name: string): string | undefined => {
    if (pass.some((re) => re.test(name))) return undefined;
    if (credentials.has(name.toUpperCase())) return 'credential';
    return strip.find((s) => s.re.test(name))?.pattern;
  };
  return {
    explain,
    build(extra) {
      const source = options.env ?? process.env;
      const out: NodeJS.ProcessEnv = {};
      for (const [name, value] of Object.entries(source)) {
        if (value !== undefined && explain(name) === undefined) out[name] = value;
      }
      return { ...out, ...extra };
    },
  };
}

/**
 * Every variable name a config gives as an `apiKeyEnv` (the model's, and any plugin's), at
 * any depth: those hold keys Quiver sends somewhere, so no child gets them.
 */
export function apiKeyEnvNames(config: unknown): string[] {
  const out = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > 20 || typeof value !== 'object' || value === null) return;
    for (const [key, v] of Object.entries(value)) {
      if (key === 'apiKeyEnv' && typeof v === 'string' && v) out.add(v);
      else walk(v, depth + 1);
    }
  };
  walk(config, 0);
  return [...out];
}

/** `*` = any run of characters, everything else literal, whole name, case-insensitive. */
function globRegExp(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'i');
}
