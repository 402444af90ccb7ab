import { z } from 'zod';
import { approvalSettingsSchema } from '../approval/approval-settings.js';
import { sandboxSettingsSchema } from './sandbox-settings.js';
import { HOOK_NAMES } from '../hooks/hook-names.js';

const pluginEntry = z.union([
  z.string().min(1),
  z
    .object({
      /** A package name, or a path relative to the config file. */
      name: z.string().min(1),
      options: z.record(z.string(), z.unknown()).optional(),
    })
    .strict(),
]);

const commandHook = z
  .object({
    type: z.literal('command').default('command'),
    /** The script or command line to run; it gets the event as JSON on stdin. */
    command: z.string().min(1),
    /** Seconds before the hook is killed. @default 60 */
    timeout: z.number().positive().optional(),
    /** What a failure or time-out does. @default 'block' for PreToolUse, 'allow' otherwise */
    onError: z.enum(['block', 'allow']).optional(),
    /** Block on anything but a clear answer (invalid hook JSON, failure, time-out); wins over onError. @default false */
    failClosed: z.boolean().optional(),
  })
  .strict();

const hookMatcher = z
  .object({
    /** Tool names (`my_tool`, `tool_a|tool_b`) or a regular expression; empty matches all. */
    matcher: z.string().optional(),
    hooks: z.array(commandHook).min(1),
  })
  .strict();

const hookNames = Object.keys(HOOK_NAMES) as [string, ...string[]];

/**
 * One `mcpServers` entry: the JSON shape Claude Desktop, Cline and VS Code share (stdio
 * `command`/`args`/`env`/`cwd`, or a `url` for Streamable HTTP and SSE). Strict here; the MCP
 * hub reads foreign settings files with the same schema, unknown keys stripped.
 */
export const mcpServerSchema = z
  .object({
    /** `stdio`, `sse`, `streamableHttp` (or its alias `http`). Without it: `command` → stdio, `url` → Streamable HTTP with an SSE fallback. */
    type: z.enum(['stdio', 'sse', 'streamableHttp', 'http']).optional(),
    /** Cline's legacy name for `type` (`http` means Streamable HTTP). */
    transportType: z.enum(['stdio', 'sse', 'streamableHttp', 'http']).optional(),
    command: z.string().min(1).optional(),
    args: z.array(z.string()).optional(),
    cwd: z.string().optional(),
    env: z.record(z.string(), z.string()).optional(),
    url: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    disabled: z.boolean().optional(),
    /** Tool names this server may run without asking, whatever `approval.useMcp` says. */
    autoApprove: z.array(z.string()).optional(),
    /**
     * How this server's other tools (not in `autoApprove`) are approved through use_mcp_tool:
     * `ask` asks for every call (refused when nobody can be asked), whatever `approval.useMcp`
     * says; `useMcp` follows `approval.useMcp` (the baseline's rule: on approves them all).
     * @default 'ask'
     */
    approval: z.enum(['ask', 'useMcp']).optional(),
    /** Seconds per request (≥ 1). @default 60 */
    timeout: z.number().min(1).optional(),
  })
  .strict();

/** The schema of `quiver.config.*`. Unknown keys are errors. */
export const configSchema = z
  .object({
    $schema: z.string().optional(),
    /** Presets, packages or config files this config builds on (later wins). */
    extends: z.union([z.string(), z.array(z.string())]).optional(),
    /** Plugins to load. @default every first-party tool */
    plugins: z.array(pluginEntry).optional(),
    /**
     * Per-tool settings: `enabled: false` removes a tool, `hidden: true` keeps it callable by
     * other tools only, `enabled: true` offers an agent-loop tool (a completion tool, ...) on a
     * host whose client runs its own loop (MCP, VS Code), where it is off by default.
     */
    tools: z
      .record(
        z.string(),
        z.object({ enabled: z.boolean().optional(), hidden: z.boolean().optional(), from: z.string().optional() }).strict(),
      )
      .optional(),
    /** Approval settings (SPEC Part B §9 names and defaults). */
    approval: approvalSettingsSchema.partial().optional(),
    /** Command permissions (R1–R9); QUIVER_COMMAND_PERMISSIONS overrides. Absent: no restriction. */
    commandPermissions: z
      .object({
        allow: z.array(z.string()).optional(),
        deny: z.array(z.string()).optional(),
        allowRedirects: z.boolean().optional(),
      })
      .strict()
      .optional(),
    /**
     * The environment of shell commands and command hooks (SPEC C1): Quiver's credentials and
     * the `stripEnv` patterns are left out; `passEnv` passes a variable on purpose.
     */
    commands: z
      .object({
        /** Variable names (or `*` patterns) to pass even though they would be left out, e.g. `["GITHUB_TOKEN"]`. */
        passEnv: z.array(z.string().min(1)).optional().describe('Variable names (or * patterns) passed to commands and hooks although they are credentials or match stripEnv, e.g. ["GITHUB_TOKEN"].'),
        /** Variable-name patterns left out (case-insensitive, `*` = any run). @default ["*_TOKEN", "*_SECRET", "*_KEY"] */
        stripEnv: z.array(z.string().min(1)).optional().describe('Variable-name patterns left out of the environment of commands and hooks (case-insensitive, * = any run). Default ["*_TOKEN", "*_SECRET", "*_KEY"].'),
      })
      .strict()
      .optional()
      .describe('The environment of command tools and command hooks: Quiver\'s credentials and stripEnv patterns are left out; passEnv passes a variable on purpose.'),
    /** The OS sandbox commands and command hooks run in (see `@quiver/sandbox`). */
    sandbox: sandboxSettingsSchema.optional(),
    /** The ignore file's name. @default '.quiverignore' */
    ignoreFile: z.string().min(1).optional(),
    /** External command hooks per event (Claude Code's shape). */
    hooks: z.partialRecord(z.enum(hookNames), z.array(hookMatcher)).optional(),
    /** Workspace roots (paths relative to the config file). @default the working directory */
    workspaceRoots: z
      .array(z.union([z.string(), z.object({ name: z.string().optional(), path: z.string() }).strict()]))
      .min(1)
      .optional(),
    /** The model provider for `quiver run`. */
    model: z
      .object({
        provider: z.enum(['anthropic', 'openai', 'openai-compatible']),
        model: z.string().min(1),
        baseURL: z.string().optional(),
        /** The environment variable holding the API key. */
        apiKeyEnv: z.string().optional(),
        maxTurns: z.number().int().positive().optional(),
        /** Save each `quiver run` conversation to `.quiver/sessions/<id>.jsonl` as it goes (for `--resume`); `false` writes nothing. @default true */
        saveSessions: z.boolean().optional(),
      })
      .strict()
      .optional(),
    /** `quiver mcp`: the HTTP server's token, port, allowed hosts and origins, session expiry, and the message limit of both transports. */
    mcp: z
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
      .strict()
      .optional(),
    /** MCP servers the MCP client tools connect to (Claude Desktop / Cline shape). */
    mcpServers: z.record(z.string(), mcpServerSchema).optional(),
  })
  .strict();

/** A config as written. */
export type QuiverConfigInput = z.input<typeof configSchema>;
/** A validated config. */
export type QuiverConfig = z.output<typeof configSchema>;

/**
 * Type helper for `quiver.config.ts`.
 * @example
 * export default defineConfig({ approval: { editFiles: true } });
 */
export function defineConfig(config: QuiverConfigInput): QuiverConfigInput {
  return config;
}
