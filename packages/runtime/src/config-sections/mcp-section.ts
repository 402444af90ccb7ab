import { defineConfigSection } from '@quiver/core';
import { z } from 'zod';

/** The `mcp` section: `quiver mcp`'s HTTP server token, port, allowed hosts and origins, session expiry, and the message limit of both transports. */
export const mcpSettingsSchema = z
  .object({
    /** The bearer token of `--http` (`--token` and QUIVER_MCP_TOKEN override it); at least 16 characters, 8 of them distinct. */
    token: z.string().min(16, 'use a token of at least 16 characters').optional(),
    /** The port of `--http`; 0 picks a free one. @default 7077 */
    port: z.number().int().min(0).max(65535).optional(),
    /** `Host` header values accepted besides `127.0.0.1:<port>` and `localhost:<port>` (`name` or `name:port`, e.g. a tunnel's name). @default [] */
    allowedHosts: z.array(z.string().min(1)).optional(),
    /** Web origins accepted besides loopback ones (`https://app.example.com`); any other `Origin` gets 403. @default [] */
    allowedOrigins: z.array(z.url()).optional(),
    /** Seconds an HTTP session may sit unused before it is closed (its id then gets 404). @default 1800 */
    sessionIdleTimeout: z.number().positive().optional(),
    /** The largest message a client may send, in bytes, on stdio and HTTP alike. @default 33554432 (32 MiB) */
    maxMessageBytes: z.number().int().min(1024).optional(),
    /** Accept client roots that are `/`, the home folder (or above it) or a system folder; refused with a warning otherwise. @default false */
    allowBroadRoots: z.boolean().optional(),
  })
  .strict();

/** The `mcp` section as validated. */
export type McpSettings = z.output<typeof mcpSettingsSchema>;

/**
 * The config's `mcp` section. From an untrusted folder: the token could be one the folder's
 * author knows; extra hosts and origins let other sites reach the HTTP server, and broad roots
 * hand a client `/` or the home folder: all loosen, so they are left out. `allowBroadRoots:
 * false` only repeats the default and stays.
 */
export const mcpConfigSection = defineConfigSection({
  key: 'mcp',
  schema: mcpSettingsSchema,
  untrusted(value, ctx) {
    const { token, allowedHosts, allowedOrigins, allowBroadRoots, ...rest } = value;
    if (token !== undefined) ctx.ignore('mcp.token');
    if (allowedHosts?.length) ctx.ignore(`mcp.allowedHosts (${allowedHosts.join(', ')})`);
    if (allowedOrigins?.length) ctx.ignore(`mcp.allowedOrigins (${allowedOrigins.join(', ')})`);
    if (allowBroadRoots === true) ctx.ignore('mcp.allowBroadRoots = true');
    return allowBroadRoots === false ? { ...rest, allowBroadRoots } : rest;
  },
});
