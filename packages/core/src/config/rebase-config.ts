import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';

type Json = Record<string, unknown>;

/**
 * Make a base layer's relative paths absolute, resolved from that layer's own folder, so they
 * keep pointing where its author meant once the layer is merged into a config elsewhere:
 * plugin paths (`./x`), workspace roots, and relative hook scripts (`./hooks/check.sh`).
 * Plugin package names are resolved from the layer's folder when they can be (a preset
 * package depends on its plugins); otherwise they stay names, for the host to resolve.
 * The top config is never rebased: the runtime resolves its paths from its folder.
 */
export function rebaseConfig(raw: unknown, dir: string): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const config = { ...(raw as Json) };
  if (Array.isArray(config.plugins)) config.plugins = config.plugins.map((p: unknown) => rebasePlugin(p, dir));
  if (Array.isArray(config.workspaceRoots)) config.workspaceRoots = config.workspaceRoots.map((r: unknown) => rebaseRoot(r, dir));
  if (isObject(config.hooks)) config.hooks = rebaseHooks(config.hooks, dir);
  return config;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rebasePlugin(entry: unknown, dir: string): unknown {
  if (typeof entry === 'string') return rebasePluginSpec(entry, dir);
  if (isObject(entry) && typeof entry.name === 'string') return { ...entry, name: rebasePluginSpec(entry.name, dir) };
  return entry;
}

function rebasePluginSpec(spec: string, dir: string): string {
  if (spec === '...' || isAbsolute(spec)) return spec;
  if (spec.startsWith('.')) return resolve(dir, spec);
  try {
    return dirname(createRequire(join(dir, 'noop.js')).resolve(`${spec}/package.json`));
  } catch {
    // Not installed beside this layer: the host resolves the name (from the top config's
    // folder, then its own), as it does for every name in the top config.
    return spec;
  }
}

function rebaseRoot(root: unknown, dir: string): unknown {
  if (typeof root === 'string') return isAbsolute(root) ? root : resolve(dir, root);
  if (isObject(root) && typeof root.path === 'string')
    return { ...root, path: isAbsolute(root.path) ? root.path : resolve(dir, root.path) };
  return root;
}

function rebaseHooks(hooks: Json, dir: string): Json {
  const out: Json = {};
  for (const [event, groups] of Object.entries(hooks)) {
    out[event] = Array.isArray(groups)
      ? groups.map((group: unknown) =>
          isObject(group) && Array.isArray(group.hooks) ? { ...group, hooks: group.hooks.map((h: unknown) => rebaseHook(h, dir)) } : group,
        )
      : groups;
  }
  return out;
}

/**
 * A relative script path (the first word, containing a `/`) becomes absolute. It is left
 * unquoted: the hook runner checks the first word as a path, as it does in a top config.
 */
function rebaseHook(hook: unknown, dir: string): unknown {
  if (!isObject(hook) || typeof hook.command !== 'string') return hook;
  const command = hook.command.trim();
  const first = command.split(/\s+/)[0] ?? '';
  if (!first.includes('/') || isAbsolute(first) || first.includes('$')) return hook;
  return { ...hook, command: `${resolve(dir, first)}${command.slice(first.length)}` };
}
