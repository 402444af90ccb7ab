import { defineConfigSection } from '@quiver/core';
import { z } from 'zod';

/** The `model` section: the model provider for `quiver run` (and whether a host has a model to offer loop tools to). */
export const modelSettingsSchema = z
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
  .strict();

/** The `model` section as validated. */
export type ModelSettings = z.output<typeof modelSettingsSchema>;

/**
 * The config's `model` section. From an untrusted folder the provider and model name stay; the
 * endpoint and the key variable go together or not at all (either could send a secret elsewhere).
 */
export const modelConfigSection = defineConfigSection({
  key: 'model',
  schema: modelSettingsSchema,
  untrusted(value, ctx) {
    const { baseURL, apiKeyEnv, ...rest } = value;
    if (baseURL !== undefined) ctx.ignore(`model.baseURL = ${String(baseURL)}`);
    if (apiKeyEnv !== undefined) ctx.ignore(`model.apiKeyEnv = ${String(apiKeyEnv)}`);
    return rest;
  },
});
