import { defineConfigSection, type SandboxMode } from '@quiver/core';
import { z } from 'zod';

/** The sandbox modes (Codex's names): no boundary, the workspace writable, or nothing writable. */
export const SANDBOX_MODES = ['off', 'workspace-write', 'read-only'] as const satisfies readonly SandboxMode[];

/** `sandbox.denyRead` when unset: the usual credential folders (`~/` is the home folder). */
export const DEFAULT_DENY_READ: readonly string[] = ['~/.ssh', '~/.aws'];

/** `sandbox.network`: `"off"`, `"on"`, or only some hosts through a loopback proxy. */
const networkSetting = z.union([
  z.enum(['off', 'on']),
  z
    .object({
      /** Host names (or `*.domain`) a command may reach through the proxy; everything else is refused. */
      allow: z.array(z.string().min(1)).min(1),
    })
    .strict(),
]);

/**
 * The `sandbox` section: the OS boundary commands and command hooks run in (bubblewrap on
 * Linux). What the ignore rules hide is masked inside it.
 */
export const sandboxSettingsSchema = z
  .object({
    /** `off`, `workspace-write` (the roots writable, the rest read-only, a private /tmp) or `read-only`. @default 'workspace-write' where available */
    mode: z.enum(SANDBOX_MODES).optional(),
    /** Network inside the sandbox. @default 'off' */
    network: networkSetting.optional(),
    /**
     * When the sandbox cannot run here: `refuse` runs nothing, `unsandboxed` runs with the
     * command screen only and says so in every result. @default 'refuse' when `mode` is set, 'unsandboxed' when it is left to its default
     */
    fallback: z.enum(['refuse', 'unsandboxed']).optional(),
    /** More paths to hide (`~/` is the home folder). @default ['~/.ssh', '~/.aws'] */
    denyRead: z.array(z.string().min(1)).optional(),
    /** More paths writable in `workspace-write` (`~/` is the home folder). @default [] */
    allowWrite: z.array(z.string().min(1)).optional(),
    /**
     * Commands that need the host (`docker`, `gh auth *`): they run outside the sandbox and
     * always ask first. Patterns as in `commandPermissions`.
     */
    excludedCommands: z.array(z.string().min(1)).optional(),
    /** Run the config's command hooks in the sandbox too. @default true */
    hooks: z.boolean().optional(),
  })
  .strict();

/** The `sandbox` section as written. */
export type SandboxSettings = z.output<typeof sandboxSettingsSchema>;

/**
 * The sandbox may only get stricter from an untrusted folder (SPEC W2): a mode at least
 * `workspace-write`, network `off`, fallback `refuse`, hooks sandboxed, more hidden paths
 * (added to the defaults, so `denyRead: []` cannot unhide `~/.ssh`). Network on or an
 * allowlist, `allowWrite`, `excludedCommands` (run on the host), `fallback: unsandboxed`,
 * `mode: off`, `hooks: false` loosen it and are left out.
 */
const TIGHTENS: Record<string, (v: unknown) => boolean> = {
  mode: (v) => v === 'workspace-write' || v === 'read-only',
  network: (v) => v === 'off',
  fallback: (v) => v === 'refuse',
  hooks: (v) => v === true,
  denyRead: (v) => Array.isArray(v),
  allowWrite: (v) => Array.isArray(v) && v.length === 0,
  excludedCommands: (v) => Array.isArray(v) && v.length === 0,
};

/** The config's `sandbox` section, owned by this package (core's schema does not know it). */
export const sandboxConfigSection = defineConfigSection({
  key: 'sandbox',
  schema: sandboxSettingsSchema,
  untrusted(value, ctx) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined) continue;
      const tightens = TIGHTENS[key]?.(v) ?? false;
      if (!tightens) ctx.ignore(`sandbox.${key} = ${JSON.stringify(v)}`);
      else if (key === 'denyRead') out[key] = [...new Set([...DEFAULT_DENY_READ, ...(v as string[])])];
      else out[key] = v;
    }
    return Object.keys(out).length ? out : undefined;
  },
});
