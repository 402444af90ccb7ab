import { execFile } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** How npm reaches the registry it is configured with (kept; the rest of npm_* is not). */
const REGISTRY_SETTINGS = /^npm_config_(registry|cafile|ca|strict_ssl|proxy|https_proxy|noproxy)$/i;

/**
 * This process's environment without what pnpm, vitest or a node_modules/.bin on PATH add:
 * what a user's shell would have. `keepRegistry` keeps npm's registry/proxy settings.
 */
export function userEnv(keepRegistry: boolean): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (keepRegistry && REGISTRY_SETTINGS.test(key)) env[key] = value;
    // NODE_PATH too: pnpm's bin shims (vitest's) set it to the workspace's hoisted packages,
    // which would let the "outside" quiver resolve plugins from this checkout.
    // QUIVER_* and XDG_*: this run's trust store and config dirs are not the outside user's.
    else if (!/^(npm_|pnpm_|vitest|tinypool|quiver_|xdg_|node_options$|node_path$|node_env$|force_color$|init_cwd$)/i.test(key))
      env[key] = value;
  }
  // Only the node that runs this test, npm beside it, and the system's own programs.
  const path = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir && !/node_modules/.test(dir));
  env.PATH = [dirname(process.execPath), ...path].join(delimiter);
  env.NO_COLOR = '1';
  return env;
}

/** The registry npm is configured with here (what a company's Verdaccio would proxy to). */
export async function upstreamRegistry(): Promise<string> {
  const { stdout } = await exec('npm', ['config', 'get', 'registry'], { env: userEnv(true), timeout: 30_000 });
  const url = stdout.trim() || 'https://registry.npmjs.org/';
  return url.endsWith('/') ? url : `${url}/`;
}

/** Where one outside user keeps npm's state: all of it in temp folders. */
export interface OutsideUser {
  /** The registry every npm call uses. */
  registry: string;
  /** npm's user config (holds the registry token), cache, global prefix and HOME. */
  userconfig: string;
  cache: string;
  prefix: string;
  home: string;
}

/** The environment of `npm`/`quiver` run by that user: nothing global, nothing linked. */
export function outsideEnv(user: OutsideUser): Record<string, string> {
  const env = userEnv(false);
  return {
    ...env,
    HOME: user.home,
    XDG_CONFIG_HOME: `${user.home}/.config`,
    XDG_CACHE_HOME: `${user.home}/.cache`,
    XDG_DATA_HOME: `${user.home}/.local/share`,
    npm_config_registry: user.registry,
    npm_config_userconfig: user.userconfig,
    npm_config_globalconfig: `${user.userconfig}.global`,
    npm_config_cache: user.cache,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    PATH: [`${user.prefix}/bin`, env.PATH].join(delimiter),
  };
}
