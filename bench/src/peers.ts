import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Another MCP file server, run beside `quiver mcp` in the same run. */
export interface Peer {
  /** The npm package (a bench devDependency). */
  package: string;
  /** Its installed version. */
  version: string;
  /** The server's entry module. */
  bin: string;
  /** Its command-line arguments for a workspace. */
  args(workspace: string): string[];
  /** The tool and arguments that read a whole text file at an absolute path. */
  read(path: string): { name: string; arguments: Record<string, unknown> };
  /**
   * Environment the server needs beside the default one, set up below `scratch` for a
   * workspace (a peer that keeps its config in HOME gets its own HOME there).
   */
  env?(scratch: string, workspace: string): Record<string, string>;
}

const require = createRequire(import.meta.url);

/** The installed package's folder and manifest, or undefined when it is not installed. */
function installed(pkg: string): { dir: string; manifest: { version: string; bin?: string | Record<string, string> } } | undefined {
  try {
    const file = require.resolve(`${pkg}/package.json`);
    return {
      dir: dirname(file),
      manifest: JSON.parse(readFileSync(file, 'utf8')) as { version: string; bin?: string | Record<string, string> },
    };
  } catch {
    return undefined;
  }
}

function binOf(dir: string, bin: string | Record<string, string> | undefined): string {
  const rel = typeof bin === 'string' ? bin : bin ? Object.values(bin)[0] : undefined;
  if (!rel) throw new Error(`no bin in ${dir}/package.json`);
  return join(dir, rel);
}

/**
 * The reference MCP filesystem server (`@modelcontextprotocol/server-filesystem`): the peer
 * every MCP row is judged against. Required: `pnpm install` puts it in bench's devDependencies.
 */
export function serverFilesystem(): Peer {
  const pkg = '@modelcontextprotocol/server-filesystem';
  const found = installed(pkg);
  if (!found) throw new Error(`${pkg} is not installed: run pnpm install (it is a devDependency of @quiver/bench).`);
  return {
    package: pkg,
    version: found.manifest.version,
    bin: binOf(found.dir, found.manifest.bin),
    args: (workspace) => [workspace],
    read: (path) => ({ name: 'read_text_file', arguments: { path } }),
  };
}

/**
 * Desktop Commander (`@wonderwhy-er/desktop-commander`): a bench devDependency whose install
 * script (it phones home) pnpm never runs, as it is not in `onlyBuiltDependencies`. Undefined
 * when it is not installed. It runs with a HOME of its own (see `env`).
 */
export function desktopCommander(): Peer | undefined {
  const pkg = '@wonderwhy-er/desktop-commander';
  const found = installed(pkg);
  if (!found) return undefined;
  return {
    package: pkg,
    version: found.manifest.version,
    bin: binOf(found.dir, found.manifest.bin),
    args: () => [],
    read: (path) => ({ name: 'read_file', arguments: { path } }),
    env: (scratch, workspace) => commanderHome(scratch, workspace),
  };
}

/**
 * A HOME for Desktop Commander below `scratch`: it writes its config, usage counts and tool log
 * to ~/.claude-server-commander. The config turns telemetry and the onboarding and feedback
 * messages (which it would add to tool results) off, and allows the workspace only.
 */
function commanderHome(scratch: string, workspace: string): Record<string, string> {
  const home = join(scratch, 'desktop-commander-home');
  mkdirSync(join(home, '.claude-server-commander'), { recursive: true });
  const config = {
    allowedDirectories: [workspace],
    telemetryEnabled: false,
    pendingWelcomeOnboarding: false,
    welcomeOnboardingEligible: false,
    sawOnboardingPage: true,
  };
  writeFileSync(join(home, '.claude-server-commander', 'config.json'), JSON.stringify(config, null, 2));
  return { HOME: home, USERPROFILE: home };
}
