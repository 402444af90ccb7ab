import { realpathSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { coreServices } from '../container/core-services.js';
import type { ServiceRef } from '../container/service-ref.js';
import type { GateDecision } from './ignore.js';
import type { ResolvedPath } from './workspace.js';

/** Options of {@link createProtectedPaths}. */
export interface ProtectedPathsOptions {
  /** The workspace roots (a `quiver.config.*` directly in one, and its `.clinerules/hooks/`, are protected). */
  roots: readonly string[];
  /** Files Quiver executes or reads its rules from: the config in use and its `extends` files, the hook scripts it names, the trust store. */
  files?: readonly { path: string; why: string }[];
}

/** Paths no edit tool may create or change (SPEC E1); registered as `core.protectedPaths`. */
export interface ProtectedPathService {
  /** A denial (rule E1) when writing `path` would change what Quiver executes, else `{ allowed: true }`. */
  check(path: ResolvedPath): GateDecision;
}

const CONFIG_NAME = /^quiver\.config\./i;

/**
 * The E1 protection: like `.git/` and the ignore file (P6), what Quiver itself executes cannot be
 * written by a tool, existing or not, inside the workspace or outside it: `quiver.config.*` in a
 * root, the loaded config's files and hook scripts, every root's `.clinerules/hooks/*`, the trust
 * store. Both the physical and the lexical path are checked, case-insensitively (a
 * case-insensitive file system would load `Quiver.Config.JSON` too).
 * @example
 * createProtectedPaths({ roots: ['/repo'] }).check(resolved).allowed; // false for /repo/quiver.config.json
 */
export function createProtectedPaths(options: ProtectedPathsOptions): ProtectedPathService {
  const roots = unique(options.roots.flatMap(spellings));
  const files = new Map<string, string>();
  for (const f of options.files ?? []) for (const s of spellings(f.path)) files.set(s, f.why);
  const hookDirs = roots.map((r) => join(r, '.clinerules', 'hooks'));
  return {
    check(p) {
      for (const path of unique([p.resolved, p.lexical].map(key))) {
        const why = reason(path, roots, files, hookDirs);
        if (why) {
          return {
            allowed: false,
            rule: 'E1',
            subject: p.input,
            reason: `Writing "${p.input}" is not allowed: it is ${why}, which Quiver executes or reads its settings from (rule E1). No approval setting lets a tool change it; ask the user to edit it themselves.`,
          };
        }
      }
      return { allowed: true };
    },
  };
}

function reason(path: string, roots: string[], files: Map<string, string>, hookDirs: string[]): string | undefined {
  const file = files.get(path);
  if (file) return file;
  if (CONFIG_NAME.test(basename(path)) && roots.includes(dirname(path))) return 'a Quiver config file in a workspace root';
  if (hookDirs.some((d) => path === d || path.startsWith(d + sep))) return 'a hook script folder (.clinerules/hooks)';
  return undefined;
}

/** The path as given and with symlinks resolved (when it exists), compared lower-case. */
function spellings(path: string): string[] {
  const out = [key(path)];
  try {
    out.push(key(realpathSync(path)));
  } catch {
    // Not there yet: the lexical spelling is all there is.
  }
  return out;
}

function key(path: string): string {
  return path.toLowerCase();
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * The host's protected-path service, or — for a host that registered none — the built-in rules
 * over the workspace roots, so no host is left without E1. Tools that write paths they find
 * themselves (a patch's paths, which are in its text) call this, as the pipeline's path gate does.
 * @example
 * const d = protectedPathsOf(config.services).check(target);
 * if (!d.allowed) throw quiverError(ERROR_CODES.PATH_PROTECTED, d.reason!);
 */
export function protectedPathsOf(services: { find<T>(ref: ServiceRef<T>): T | undefined }): ProtectedPathService {
  const own = services.find(coreServices.protectedPaths);
  if (own) return own;
  const roots = services.find(coreServices.workspace)?.roots.map((r) => r.path) ?? [];
  return createProtectedPaths({ roots });
}
