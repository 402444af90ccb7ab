import { describe, expect, it } from 'vitest';
import { createModel, resolveModelSettings } from './provider.js';
import { CLI_ERRORS } from '../cli-errors.js';
import { AGENT_ERRORS } from '@quiver/agent';

describe('resolveModelSettings', () => {
  it('flags win over the config entry; each provider has its default key variable', () => {
    expect(resolveModelSettings({ provider: 'anthropic', model: 'claude-a', maxTurns: 9 }, {})).toEqual({
      provider: 'anthropic',
      model: 'claude-a',
      baseURL: undefined,
      apiKeyEnv: 'ANTHROPIC_API_KEY',
      maxTurns: 9,
    });
    expect(resolveModelSettings({ provider: 'anthropic', model: 'claude-a' }, { provider: 'openai', model: 'gpt-x' })).toMatchObject({
      provider: 'openai',
      model: 'gpt-x',
      apiKeyEnv: 'OPENAI_API_KEY',
    });
    expect(resolveModelSettings(undefined, { model: 'llama3', baseUrl: 'http://127.0.0.1:11434/v1' })).toMatchObject({
      provider: 'openai-compatible',
      apiKeyEnv: undefined,
    });
    expect(resolveModelSettings({ provider: 'openai', model: 'm', apiKeyEnv: 'MINE' }, { apiKeyEnv: 'OTHER' }).apiKeyEnv).toBe('OTHER');
  });

  it('usage errors name what is missing', () => {
    expect(() => resolveModelSettings(undefined, {})).toThrow(
      expect.objectContaining({ code: CLI_ERRORS.USAGE, message: expect.stringContaining('quiver run needs a model') }),
    );
    expect(() => resolveModelSettings(undefined, { provider: 'gemini', model: 'x' })).toThrow("Unknown provider 'gemini'");
    expect(() => resolveModelSettings(undefined, { provider: 'openai-compatible', model: 'x' })).toThrow('needs a base URL');
    // A misspelt provider is named even before the model is; a half-given model says which half is missing.
    expect(() => resolveModelSettings(undefined, { provider: 'gemini' })).toThrow("Unknown provider 'gemini'");
    expect(() => resolveModelSettings(undefined, { provider: 'anthropic' })).toThrow(
      'needs a model id for anthropic (--model or model.model)',
    );
    expect(() => resolveModelSettings(undefined, { model: 'gpt-x' })).toThrow(
      "needs a provider for model 'gpt-x' (--provider or model.provider)",
    );
  });
});

describe('createModel', () => {
  it('a missing key is a provider error naming the variable; a present one makes the model', () => {
    const settings = resolveModelSettings(undefined, { provider: 'anthropic', model: 'claude-a' });
    expect(() => createModel(settings, {})).toThrow(
      expect.objectContaining({ code: AGENT_ERRORS.PROVIDER, message: expect.stringContaining('ANTHROPIC_API_KEY is not set') }),
    );
    const { model, agentModel } = createModel(settings, { ANTHROPIC_API_KEY: 'k' });
    expect(typeof model === 'string' ? model : [model.provider, model.modelId]).toEqual(['anthropic.messages', 'claude-a']);
    expect(agentModel).toMatchObject({ modelId: 'claude-a', provider: 'anthropic' });
    expect((agentModel.withModelId!('claude-b') as { modelId: string }).modelId).toBe('claude-b');
  });

  it('openai uses chat completions; openai-compatible needs no key', () => {
    const openai = createModel(resolveModelSettings(undefined, { provider: 'openai', model: 'gpt-x' }), { OPENAI_API_KEY: 'k' }).model;
    expect(typeof openai === 'string' ? openai : openai.provider).toBe('openai.chat');
    const local = createModel(resolveModelSettings(undefined, { model: 'llama3', baseUrl: 'http://127.0.0.1:1/v1' }), {}).model;
    expect(typeof local === 'string' ? local : local.provider).toBe('openai-compatible.chat');
  });
});
