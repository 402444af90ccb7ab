/**
 * One `mcpServers` entry (the JSON shape Claude Desktop, Cline and VS Code share), validated
 * and resolved into what a connection needs: the transport, `${env:VAR}` expanded, the
 * timeout in milliseconds (SPEC Part B §16.16, Part A "Other tools").
 */
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { quiverError } from '@quiver/core';
import { mcpServerSchema } from './config-section.js';
import { MCP_ERRORS } from './mcp-errors.js';

/** The default per-server request timeout, in seconds (SPEC Part B §16.16). */
export const DEFAULT_SERVER_TIMEOUT_S = 60;

/**
 * The schema of one `mcpServers` entry: `mcpServerSchema` (the one `quiver.config.*`
 * validates with), with unknown keys stripped rather than refused, so a settings file written
 * for another client (VS Code's `envFile`, say) still loads.
 */
export const mcpServerConfigSchema = mcpServerSchema.strip();

/** One `mcpServers` entry as written. */
export type McpServerConfig = z.input<typeof mcpServerConfigSchema>;

/** How a server is reached. `auto` tries Streamable HTTP, then falls back to SSE. */
export type McpTransportKind = 'stdio' | 'streamableHttp' | 'sse' | 'auto';

/** A validated entry with `${env:VAR}` expanded, ready to connect. */
export interface ResolvedServer {
  readonly name: string;
  readonly transport: McpTransportKind;
  readonly command?: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly env: Readonly<Record<string, string>>;
  readonly url?: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly disabled: boolean;
  readonly autoApprove: readonly string[];
  /** How tools outside `autoApprove` are approved: `ask` (each call) or `useMcp` (follow approval.useMcp). */
  readonly approval: 'ask' | 'useMcp';
  readonly timeoutMs: number;
}

/** What `${env:VAR}` expands from, and where a relative `cwd` is resolved. */
export interface ResolveContext {
  env: Readonly<Record<string, string | undefined>>;
  baseDir: string;
}

/** Replace every `${env:NAME}` with the variable's value ('' when unset). */
export function expandEnv(value: string, env: Readonly<Record<string, string | undefined>>): string {
  return value.replace(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => env[name] ?? '');
}

/**
 * Validate and resolve one entry. Throws `QUIVER_ERR_MCP_CONFIG_INVALID` naming the server
 * and what to fix.
 */
export function resolveServer(name: string, raw: unknown, context: ResolveContext): ResolvedServer {
  const parsed = mcpServerConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(entry)'}: ${i.message}`).join('; ');
    throw invalid(name, `${issues}`);
  }
  const cfg = parsed.data;
  const x = (v: string) => expandEnv(v, context.env);
  const transport = transportOf(name, cfg);
  const url = transport === 'stdio' ? undefined : parseUrl(name, x(cfg.url ?? ''));
  const cwd = cfg.cwd ? x(cfg.cwd) : undefined;
  return Object.freeze({
    name,
    transport,
    command: cfg.command ? x(cfg.command) : undefined,
    args: Object.freeze((cfg.args ?? []).map(x)),
    cwd: cwd && !isAbsolute(cwd) ? resolve(context.baseDir, cwd) : cwd,
    env: Object.freeze(mapValues(cfg.env ?? {}, x)),
    url,
    headers: Object.freeze(mapValues(cfg.headers ?? {}, x)),
    disabled: cfg.disabled ?? false,
    autoApprove: Object.freeze([...(cfg.autoApprove ?? [])]),
    approval: cfg.approval ?? 'ask',
    timeoutMs: (cfg.timeout ?? DEFAULT_SERVER_TIMEOUT_S) * 1000,
  });
}

/**
 * What identifies a connection: two resolutions with the same key can share one. Changing
 * `autoApprove`, `approval`, `timeout` or `disabled` does not reconnect (SPEC Part B §16.16 lifecycle).
 */
export function connectionKey(server: ResolvedServer): string {
  const { transport, command, args, cwd, env, url, headers } = server;
  return JSON.stringify({ transport, command, args, cwd, env, url: url?.href, headers });
}

function transportOf(name: string, cfg: z.output<typeof mcpServerConfigSchema>): McpTransportKind {
  const declared = cfg.type ?? cfg.transportType;
  const kind = declared === 'http' ? 'streamableHttp' : declared;
  if (kind === 'stdio' || (!kind && cfg.command && !cfg.url)) {
    if (!cfg.command) throw invalid(name, 'a stdio server needs "command"');
    return 'stdio';
  }
  if (!cfg.url)
    throw invalid(name, kind ? `a ${kind} server needs "url"` : 'give either "command" (stdio) or "url" (Streamable HTTP or SSE)');
  return kind ?? 'auto';
}

function parseUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(name, `"url" is not a valid URL: '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(name, `"url" must be http or https, not '${url.protocol}'`);
  return url;
}

function mapValues(record: Record<string, string>, fn: (v: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
}

function invalid(name: string, what: string) {
  return quiverError(
    MCP_ERRORS.MCP_CONFIG_INVALID,
    `MCP server '${name}' in mcpServers is invalid: ${what}. Fix the entry in the config.`,
    { key: `mcpServers.${name}` },
  );
}
