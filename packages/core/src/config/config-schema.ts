import { z } from 'zod';
import { approvalSettingsSchema } from '../approval/approval-settings.js';
import type { ConfigSection } from './config-section.js';
import { ERROR_CODES, quiverError } from '../errors.js';
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
 * Core's part of the schema of `quiver.config.*`: the keys core itself reads. The sections
 * packages and plugins own (`sandbox`, `mcpServers`, …) are added by {@link configSchemaFor};
 * unknown keys are errors.
 */
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
        passEnv: z
          .array(z.string().min(1))
          .optional()
          .describe(
            'Variable names (or * patterns) passed to commands and hooks although they are credentials or match stripEnv, e.g. ["GITHUB_TOKEN"].',
          ),
        /** Variable-name patterns left out (case-insensitive, `*` = any run). @default ["*_TOKEN", "*_SECRET", "*_KEY"] */
        stripEnv: z
          .array(z.string().min(1))
          .optional()
          .describe(
            'Variable-name patterns left out of the environment of commands and hooks (case-insensitive, * = any run). Default ["*_TOKEN", "*_SECRET", "*_KEY"].',
          ),
      })
      .strict()
      .optional()
      .describe(
        "The environment of command tools and command hooks: Quiver's credentials and stripEnv patterns are left out; passEnv passes a variable on purpose.",
      ),
    /** The ignore file's name. @default '.quiverignore' */
    ignoreFile: z.string().min(1).optional(),
    /** External command hooks per event (Claude Code's shape). */
    hooks: z.partialRecord(z.enum(hookNames), z.array(hookMatcher)).optional(),
    /** Workspace roots (paths relative to the config file). @default the working directory */
    workspaceRoots: z
      .array(z.union([z.string(), z.object({ name: z.string().optional(), path: z.string() }).strict()]))
      .min(1)
      .optional(),
  })
  .strict();

/** Core's keys of a config; each section is another key, read with its `ConfigSection.of`. */
type Sections = { readonly [section: string]: unknown };

/** A config as written. */
export type QuiverConfigInput = z.input<typeof configSchema> & Sections;
/** A validated config: core's keys typed, each section's value as its section's schema made it. */
export type QuiverConfig = z.output<typeof configSchema> & Sections;

const assembled = new WeakMap<readonly ConfigSection[], z.ZodType<QuiverConfig>>();

/**
 * The whole config schema: core's part plus one optional key per section, still strict (an
 * unknown key is an error). Built once per sections array.
 * @example
 * const schema = configSchemaFor([sandboxConfigSection, mcpServersConfigSection]);
 */
export function configSchemaFor(sections: readonly ConfigSection[] = []): z.ZodType<QuiverConfig> {
  if (sections.length === 0) return configSchema as unknown as z.ZodType<QuiverConfig>;
  let schema = assembled.get(sections);
  if (schema) return schema;
  const shape: Record<string, z.ZodType> = {};
  for (const section of sections) {
    if (Object.hasOwn(configSchema.shape, section.key) || Object.hasOwn(shape, section.key)) {
      throw quiverError(
        ERROR_CODES.CONFIG_INVALID,
        `Config section '${section.key}' is declared twice (or is one of core's own keys); each top-level key has one owner. Rename one of the sections.`,
        { key: section.key },
      );
    }
    shape[section.key] = section.schema.optional();
  }
  schema = configSchema.extend(shape).strict() as unknown as z.ZodType<QuiverConfig>;
  assembled.set(sections, schema);
  return schema;
}

/**
 * Type helper for `quiver.config.ts`.
 * @example
 * export default defineConfig({ approval: { editFiles: true } });
 */
export function defineConfig(config: QuiverConfigInput): QuiverConfigInput {
  return config;
}
