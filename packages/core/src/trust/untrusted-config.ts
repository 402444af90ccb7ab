import { isAbsolute, relative, resolve } from 'node:path';
import { DEFAULT_APPROVAL_SETTINGS } from '../approval/approval-settings.js';
import type { QuiverConfig } from '../config/config-schema.js';
import { DEFAULT_SANDBOX_DENY_READ } from '../config/sandbox-settings.js';
import { DEFAULT_STRIP_ENV } from '../services/child-env.js';
import { realFolder } from './real-folder.js';

/** What an untrusted folder's config still does, and what was left out (one line each). */
export interface UntrustedConfig {
  config: QuiverConfig;
  /** Human-readable, e.g. `hooks (PreToolUse: ./check.sh)`, `approval.yolo = true`. */
  ignored: string[];
}

type Json = Record<string, unknown>;
type Rule = (value: unknown, ctx: RuleContext) => unknown;

interface RuleContext {
  /** The folder being opened (real path). */
  folder: string;
  /** The config's folder: relative paths in it resolve from here. */
  dir: string;
  ignore(what: string): void;
}

/**
 * The safe part of a config from a folder the user has not trusted (SPEC W1–W3). Allow-list
 * based: every top-level key has a rule, and a key without one is left out — a setting this
 * code cannot classify as safe never applies. What stays: plugin choice by package name (the
 * host resolves them from its own installation) without options, tool enable/hide, approval
 * settings that only tighten, command deny/allow patterns, the ignore file name, workspace
 * roots inside the folder, the model's provider and name, the MCP port and limits, extra strip
 * patterns, sandbox settings that only tighten. Never an MCP token, extra hosts/origins, broad
 * roots, or any `mcpServers` entry (so no server's `approval: "useMcp"` opt-out either).
 * @example
 * const { config, ignored } = untrustedConfig(loaded.config, { folder: '/repo', dir: '/repo' });
 */
export function untrustedConfig(config: QuiverConfig, where: { folder: string; dir: string }): UntrustedConfig {
  const ignored: string[] = [];
  const ctx: RuleContext = { folder: realFolder(where.folder), dir: where.dir, ignore: (what) => ignored.push(what) };
  const out: Json = {};
  for (const [key, value] of Object.entries(config as Json)) {
    if (value === undefined) continue;
    const rule = RULES[key];
    if (!rule) {
      ignored.push(key);
      continue;
    }
    const kept = rule(value, ctx);
    if (kept !== undefined) out[key] = kept;
  }
  return { config: out as QuiverConfig, ignored };
}

const keep: Rule = (value) => value;

const RULES: Record<string, Rule> = {
  $schema: keep,
  extends: () => undefined, // already applied; its layers were read as data
  tools: keep,
  ignoreFile: keep,
  commandPermissions: commandPermissionsRule,
  plugins: pluginsRule,
  approval: approvalRule,
  workspaceRoots: rootsRule,
  model: modelRule,
  mcp: mcpRule,
  commands: commandsRule,
  sandbox: sandboxRule,
  hooks: (value, ctx) => void ctx.ignore(`hooks (${describeHooks(value)})`),
  mcpServers: (value, ctx) => void ctx.ignore(`mcpServers (${describeServers(value)})`),
};

/** Package names only (resolved from the host's installation), without options: an option may name a program or an endpoint. */
function pluginsRule(value: unknown, ctx: RuleContext): unknown {
  const out: unknown[] = [];
  for (const entry of value as (string | { name: string; options?: Json })[]) {
    const name = typeof entry === 'string' ? entry : entry.name;
    if (name.startsWith('.') || isAbsolute(name)) {
      ctx.ignore(`plugins: ${name} (a plugin from the folder runs its code)`);
      continue;
    }
    if (typeof entry !== 'string' && entry.options && Object.keys(entry.options).length) ctx.ignore(`plugins: ${name} options (${Object.keys(entry.options).join(', ')})`);
    out.push(name);
  }
  return out;
}

/** A setting stays only when it is the default or asks more: `false` for a yes/no, a lower limit. */
function approvalRule(value: unknown, ctx: RuleContext): unknown {
  const defaults = DEFAULT_APPROVAL_SETTINGS as unknown as Json;
  const out: Json = {};
  for (const [key, v] of Object.entries(value as Json)) {
    const d = defaults[key];
    const tightens = v === d || v === false || (typeof v === 'number' && typeof d === 'number' && v <= d);
    if (tightens) out[key] = v;
    else ctx.ignore(`approval.${key} = ${JSON.stringify(v)}`);
  }
  return out;
}

function commandPermissionsRule(value: unknown, ctx: RuleContext): unknown {
  const { allowRedirects, ...rest } = value as Json;
  if (allowRedirects === true) ctx.ignore('commandPermissions.allowRedirects = true');
  return allowRedirects === false ? { ...rest, allowRedirects } : rest;
}

function rootsRule(value: unknown, ctx: RuleContext): unknown {
  const out: unknown[] = [];
  for (const root of value as (string | { name?: string; path: string })[]) {
    const path = typeof root === 'string' ? root : root.path;
    const real = realFolder(isAbsolute(path) ? path : resolve(ctx.dir, path));
    const rel = relative(ctx.folder, real);
    if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) out.push(root);
    else ctx.ignore(`workspaceRoots: ${path} (outside ${ctx.folder})`);
  }
  return out.length ? out : undefined;
}

/** The endpoint and the key variable go together or not at all: either could send a secret elsewhere. */
function modelRule(value: unknown, ctx: RuleContext): unknown {
  const { baseURL, apiKeyEnv, ...rest } = value as Json;
  if (baseURL !== undefined) ctx.ignore(`model.baseURL = ${String(baseURL)}`);
  if (apiKeyEnv !== undefined) ctx.ignore(`model.apiKeyEnv = ${String(apiKeyEnv)}`);
  return rest;
}

/**
 * The token could be one the folder's author knows; extra hosts and origins let other sites
 * reach the HTTP server, and broad roots hand a client `/` or the home folder: all loosen, so
 * an untrusted folder's say goes. `allowBroadRoots: false` only repeats the default and stays.
 */
function mcpRule(value: unknown, ctx: RuleContext): unknown {
  const { token, allowedHosts, allowedOrigins, allowBroadRoots, ...rest } = value as Json;
  if (token !== undefined) ctx.ignore('mcp.token');
  if (Array.isArray(allowedHosts) && allowedHosts.length) ctx.ignore(`mcp.allowedHosts (${allowedHosts.join(', ')})`);
  if (Array.isArray(allowedOrigins) && allowedOrigins.length) ctx.ignore(`mcp.allowedOrigins (${allowedOrigins.join(', ')})`);
  if (allowBroadRoots === true) ctx.ignore('mcp.allowBroadRoots = true');
  return allowBroadRoots === false ? { ...rest, allowBroadRoots } : rest;
}

/** Extra strip patterns add to the defaults; passing a variable on is the user's call. */
function commandsRule(value: unknown, ctx: RuleContext): unknown {
  const { passEnv, stripEnv, ...rest } = value as Json;
  if (Array.isArray(passEnv) && passEnv.length) ctx.ignore(`commands.passEnv (${passEnv.join(', ')})`);
  for (const key of Object.keys(rest)) ctx.ignore(`commands.${key}`);
  return Array.isArray(stripEnv) ? { stripEnv: [...DEFAULT_STRIP_ENV, ...(stripEnv as string[])] } : undefined;
}

/**
 * The sandbox may only get stricter: a mode at least `workspace-write`, network `off`, fallback
 * `refuse`, hooks sandboxed, more hidden paths (added to the defaults, so `denyRead: []` cannot
 * unhide `~/.ssh`). Network on or an allowlist, `allowWrite`, `excludedCommands` (run on the host),
 * `fallback: unsandboxed`, `mode: off`, `hooks: false` loosen it and are left out.
 */
const SANDBOX_TIGHTENS: Record<string, (v: unknown) => boolean> = {
  mode: (v) => v === 'workspace-write' || v === 'read-only',
  network: (v) => v === 'off',
  fallback: (v) => v === 'refuse',
  hooks: (v) => v === true,
  denyRead: (v) => Array.isArray(v),
  allowWrite: (v) => Array.isArray(v) && v.length === 0,
  excludedCommands: (v) => Array.isArray(v) && v.length === 0,
};

function sandboxRule(value: unknown, ctx: RuleContext): unknown {
  const out: Json = {};
  for (const [key, v] of Object.entries(value as Json)) {
    if (v === undefined) continue;
    const tightens = SANDBOX_TIGHTENS[key]?.(v) ?? false;
    if (!tightens) ctx.ignore(`sandbox.${key} = ${JSON.stringify(v)}`);
    else if (key === 'denyRead') out[key] = [...new Set([...DEFAULT_SANDBOX_DENY_READ, ...(v as string[])])];
    else out[key] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

function describeHooks(value: unknown): string {
  const parts: string[] = [];
  for (const [event, groups] of Object.entries(value as Json)) {
    const commands = (groups as { hooks: { command: string }[] }[]).flatMap((g) => g.hooks.map((h) => h.command));
    parts.push(`${event}: ${commands.join(', ')}`);
  }
  return parts.join('; ');
}

function describeServers(value: unknown): string {
  return Object.entries(value as Record<string, { command?: string; args?: string[]; url?: string }>)
    .map(([name, s]) => `${name}: ${s.command ? [s.command, ...(s.args ?? [])].join(' ') : (s.url ?? '?')}`)
    .join('; ');
}
