import { z } from 'zod';
import { TOOL_NAME_PATTERN } from '../tool/define-tool.js';

/** One tool in a manifest: a name, or a name with the line `quiver tools` shows. */
export const manifestToolSchema = z.union([
  z.string(),
  z
    .object({
      name: z.string(),
      /** One line for listings, so tools can be listed without importing the plugin. */
      description: z.string().optional(),
      /** An agent-loop tool (`defineTool`'s `loop`), so hosts can leave it out without importing it. */
      loop: z.literal(true).optional(),
      /**
       * What a host must have to offer it (`defineTool`'s `requires`: model, mcpServers,
       * browser). Free strings, so a newer requirement does not break an older core: a
       * requirement the host does not know counts as missing.
       */
      requires: z.array(z.string().min(1)).optional(),
    })
    .strict(),
]);

/**
 * One runtime asset of a plugin: a file or folder, copied by `quiver build`.
 * @example
 * { "from": "tree-sitter-wasms/out", "to": "tree-sitter-grammars", "option": "grammarDirectory" }
 */
export const manifestAssetSchema = z
  .object({
    /** `<package>/<path>` resolved from the plugin's folder, or `./<path>` inside the plugin. */
    from: z.string().min(1),
    /** Where the copy goes, relative to the distribution's folder (no `..`, not absolute). */
    to: z
      .string()
      .min(1)
      .refine(
        (to) => !/^([\\/]|[a-zA-Z]:)/.test(to) && !to.split(/[\\/]/).includes('..'),
        'a relative path inside the distribution, without ".."',
      ),
    /** The plugin option that tells the plugin where the copy is (absolute at run time). */
    option: z.string().min(1).optional(),
  })
  .strict();

/** A validated manifest asset. */
export type ManifestAsset = z.output<typeof manifestAssetSchema>;

/**
 * The `quiver` field of a plugin's `package.json`.
 * @example
 * "quiver": { "apiVersion": 1, "tools": ["my_tool"], "entry": "./dist/index.js", "descriptors": "./dist/quiver-tools.json", "core": "^0.1.0" }
 */
export const manifestSchema = z
  .object({
    /** The plugin API version the plugin was written for. */
    apiVersion: z.number().int().positive(),
    /**
     * The tool names the plugin registers. Empty for a plugin that only taps hooks or
     * provides services: the registry imports such a plugin at start-up, since no tool call
     * would ever load it.
     */
    tools: z.array(manifestToolSchema),
    /** The module whose default export is the plugin (relative to the package). */
    entry: z.string().min(1),
    /** The `@quiver/core` versions the plugin supports (a semver range). @default "*" */
    core: z.string().optional(),
    /**
     * The generated JSON file (relative to the package) holding each tool's descriptor: JSON
     * Schema, description, annotations and the rest (written at build time by
     * `quiver-describe-tools`). With it, hosts list tools without importing the plugin;
     * without it, listing a tool's schema imports the plugin.
     * @example "./dist/quiver-tools.json"
     */
    descriptors: z.string().min(1).optional(),
    /**
     * Files the plugin reads at run time that a JavaScript bundle cannot hold (WASM grammars,
     * data files). `quiver build` copies each into the distribution and, when `option` is
     * given, sets that plugin option to the copy's path.
     */
    assets: z.array(manifestAssetSchema).optional(),
    /**
     * The top-level config keys the plugin owns (`definePlugin`'s `sections`), so a host accepts
     * them in a config before the plugin is imported; the values are checked when it loads.
     * @example ["acmeDeploy"]
     */
    sections: z.array(z.string().min(1)).optional(),
  })
  .strict();

/** A validated manifest. */
export type Manifest = z.output<typeof manifestSchema>;

/** A manifest's tool entries, normalised. */
export function manifestTools(manifest: Manifest): { name: string; description?: string; loop?: true; requires?: string[] }[] {
  return manifest.tools.map((t) => (typeof t === 'string' ? { name: t } : t));
}

/** True when a name may be shown to a model. */
export function isValidToolName(name: string): boolean {
  return TOOL_NAME_PATTERN.test(name);
}
