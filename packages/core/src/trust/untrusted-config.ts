import { isAbsolute, relative, resolve } from 'node:path';
import { DEFAULT_APPROVAL_SETTINGS } from '../approval/approval-settings.js';
import type { QuiverConfig } from '../config/config-schema.js';
import type { ConfigSection, UntrustedContext } from '../config/config-section.js';
import { DEFAULT_STRIP_ENV } from '../services/child-env.js';
import { realFolder } from './real-folder.js';

/** What an untrusted folder's config still does, and what was left out (one line each). */
export interface UntrustedConfig {
  config: QuiverConfig;
  /** Human-readable, e.g. `hooks (PreToolUse: ./check.sh)`, `approval.yolo = true`. */
  ignored: string[];
}

type Json = Record<string, unknown>;
type Rule = (value: unknown, ctx: UntrustedContext) => unknown;

/**
 * The safe part of a config from a folder the user has not trusted (SPEC W1–W3). Allow-list
 * based: every top-level key has a rule, and a key without one is left out — a setting this
 * code cannot classify as safe never applies. What stays of core's keys: plugin choice by
 * package name (the host resolves them from its own installation) without options, tool
 * enable/hide, approval settings that only tighten, command deny/allow patterns, the ignore
 * file name, workspace roots inside the folder, extra strip patterns. A section (`sandbox`,
 * `mcp`, …) keeps what its own `untrusted` rule keeps; a section without one is left out.
 * @example
 * const { config, ignored } = untrustedConfig(loaded.config, { folder: '/repo', dir: '/repo' }, sections);
 */
export function untrustedConfig(
  config: QuiverConfig,
  where: { folder: string; dir: string },
  sections: readonly ConfigSection[] = [],
): UntrustedConfig {
  const ignored: string[] = [];
  const ctx: UntrustedContext = { folder: realFolder(where.folder), dir: where.dir, ignore: (what) => ignored.push(what) };
  const out: Json = {};
  for (const [key, value] of Object.entries(config as Json)) {
    if (value === undefined) continue;
    const rule = Object.hasOwn(RULES, key) ? RULES[key] : (sections.find((s) => s.key === key)?.untrusted as Rule | undefined);
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
  commands: commandsRule,
  hooks: (value, ctx) => void ctx.ignore(`hooks (${describeHooks(value)})`),
};

/** Package names only (resolved from the host's installation), without options: an option may name a program or an endpoint. */
function pluginsRule(value: unknown, ctx: UntrustedContext): unknown {
  const out: unknown[] = [];
  for (const entry of value as (string | { name: string; options?: Json })[]) {
    const name = typeof entry === 'string' ? entry : entry.name;
    if (name.startsWith('.') || isAbsolute(name)) {
      ctx.ignore(`plugins: ${name} (a plugin from the folder runs its code)`);
      continue;
    }
    if (typeof entry !== 'string' && entry.options && Object.keys(entry.options).length)
      ctx.ignore(`plugins: ${name} options (${Object.keys(entry.options).join(', ')})`);
    out.push(name);
  }
  return out;
}

/** A setting stays only when it is the default or asks more: `false` for a yes/no, a lower limit. */
function approvalRule(value: unknown, ctx: UntrustedContext): unknown {
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

function commandPermissionsRule(value: unknown, ctx: UntrustedContext): unknown {
  const { allowRedirects, ...rest } = value as Json;
  if (allowRedirects === true) ctx.ignore('commandPermissions.allowRedirects = true');
  return allowRedirects === false ? { ...rest, allowRedirects } : rest;
}

function rootsRule(value: unknown, ctx: UntrustedContext): unknown {
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

/** Extra strip patterns add to the defaults; passing a variable on is the user's call. */
function commandsRule(value: unknown, ctx: UntrustedContext): unknown {
  const { passEnv, stripEnv, ...rest } = value as Json;
  if (Array.isArray(passEnv) && passEnv.length) ctx.ignore(`commands.passEnv (${passEnv.join(', ')})`);
  for (const key of Object.keys(rest)) ctx.ignore(`commands.${key}`);
  return Array.isArray(stripEnv) ? { stripEnv: [...DEFAULT_STRIP_ENV, ...(stripEnv as string[])] } : undefined;
}

function describeHooks(value: unknown): string {
  const parts: string[] = [];
  for (const [event, groups] of Object.entries(value as Json)) {
    const commands = (groups as { hooks: { command: string }[] }[]).flatMap((g) => g.hooks.map((h) => h.command));
    parts.push(`${event}: ${commands.join(', ')}`);
  }
  return parts.join('; ');
}
