import type { LanguageModel } from 'ai';
import { AGENT_ERRORS, createAnthropic, createOpenAI, createOpenAICompatible, type AgentModel } from '@quiver/agent';
import { quiverError } from '@quiver/core';
import type { ModelSettings as ModelSection } from '@quiver/runtime';
import { usageError } from '../usage-error.js';

/** The providers `quiver run` speaks. */
export const PROVIDERS = ['anthropic', 'openai', 'openai-compatible'] as const;
/** One of {@link PROVIDERS}. */
export type ProviderName = (typeof PROVIDERS)[number];

/** The model settings after the config and the flags are merged (flags win). */
export interface ModelSettings {
  provider: ProviderName;
  model: string;
  baseURL?: string;
  /** The environment variable holding the key (undefined: none needed). */
  apiKeyEnv?: string;
  maxTurns?: number;
}

/** The environment variable each provider reads its key from by default. */
const DEFAULT_KEY_ENV: Record<ProviderName, string | undefined> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  // Local servers (Ollama, LM Studio, vLLM) usually take no key; name one in model.apiKeyEnv if yours does.
  'openai-compatible': undefined,
};

/** Merge the config's `model` entry with `--provider`, `--model`, `--base-url`, `--api-key-env`. */
export function resolveModelSettings(
  config: ModelSection | undefined,
  flags: { provider?: string; model?: string; baseUrl?: string; apiKeyEnv?: string },
): ModelSettings {
  const baseURL = flags.baseUrl ?? config?.baseURL;
  const provider = flags.provider ?? config?.provider ?? (baseURL ? 'openai-compatible' : undefined);
  const model = flags.model ?? config?.model;
  if (provider && !(PROVIDERS as readonly string[]).includes(provider))
    throw usageError(`Unknown provider '${provider}'. Use one of: ${PROVIDERS.join(', ')}.`);
  if (!provider || !model) {
    const missing = provider
      ? `a model id for ${provider} (--model or model.model)`
      : model
        ? `a provider for model '${model}' (--provider or model.provider)`
        : 'a model';
    throw usageError(
      `quiver run needs ${missing}: add "model": { "provider": "anthropic", "model": "claude-sonnet-4-5" } to quiver.config.json, or pass --provider and --model (--base-url for a local OpenAI-compatible server).`,
    );
  }
  const name = provider as ProviderName;
  if (name === 'openai-compatible' && !baseURL) {
    throw usageError(
      'The openai-compatible provider needs a base URL: --base-url http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:1234/v1 (LM Studio), or model.baseURL in the config.',
    );
  }
  const settings: ModelSettings = {
    provider: name,
    model,
    baseURL,
    apiKeyEnv: flags.apiKeyEnv ?? config?.apiKeyEnv ?? DEFAULT_KEY_ENV[name],
  };
  if (config?.maxTurns) settings.maxTurns = config.maxTurns;
  return settings;
}

/**
 * The AI SDK model for the settings, and the `agentServices.model` value for tools that start
 * loops of their own. A key the provider needs but the environment lacks is an error now,
 * before any request (`QUIVER_ERR_PROVIDER_FAILED`, exit 2).
 */
export function createModel(
  settings: ModelSettings,
  env: NodeJS.ProcessEnv = process.env,
): { model: LanguageModel; agentModel: AgentModel } {
  const apiKey = settings.apiKeyEnv ? env[settings.apiKeyEnv]?.trim() : undefined;
  if (settings.apiKeyEnv && !apiKey) {
    throw quiverError(
      AGENT_ERRORS.PROVIDER,
      `No API key for ${settings.provider}: the environment variable ${settings.apiKeyEnv} is not set. Export it (export ${settings.apiKeyEnv}=...), or name another variable with model.apiKeyEnv in the config or --api-key-env.`,
      { key: 'model.apiKeyEnv' },
    );
  }
  const make = factory(settings, apiKey);
  const model = make(settings.model);
  return { model, agentModel: { languageModel: model, modelId: settings.model, provider: settings.provider, withModelId: make } };
}

function factory(settings: ModelSettings, apiKey: string | undefined): (modelId: string) => LanguageModel {
  const baseURL = settings.baseURL;
  switch (settings.provider) {
    case 'anthropic': {
      const p = createAnthropic({ apiKey, baseURL });
      return (id) => p(id);
    }
    case 'openai': {
      const p = createOpenAI({ apiKey, baseURL });
      return (id) => p.chat(id);
    }
    default: {
      const p = createOpenAICompatible({ name: 'openai-compatible', baseURL: baseURL!, apiKey, includeUsage: true });
      return (id) => p(id);
    }
  }
}
