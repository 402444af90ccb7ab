// A workspace, a runtime with real plugins, and a scripted provider on 127.0.0.1 spoken to
// through the real AI SDK provider packages: what every agent-loop test starts from.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { PluginDefinition } from '@quiver/core';
import type { QuiverConfigInput } from '@quiver/core/host';
import { createTestHarness, type ApprovePolicy, type AskPolicy, type TestHarness } from '@quiver/testing';
import { createScriptedProvider, type ScriptedProvider, type ScriptedProviderOptions } from '../../src/index.js';

// The SDK warns on the console about unknown model ids (ours are made up): not under test.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

export type Flavour = 'anthropic' | 'openai' | 'openai-compatible';

export interface LoopHarness extends TestHarness {
  provider: ScriptedProvider;
  model: LanguageModel;
}

export async function createLoopHarness(options: {
  flavour?: Flavour;
  replies: ScriptedProviderOptions['replies'];
  plugins: (PluginDefinition | { plugin: PluginDefinition; options?: Record<string, unknown> })[];
  files?: Record<string, string | Buffer>;
  config?: QuiverConfigInput;
  approve?: ApprovePolicy;
  ask?: AskPolicy;
}): Promise<LoopHarness> {
  const flavour = options.flavour ?? 'anthropic';
  const provider = await createScriptedProvider({ protocol: flavour === 'anthropic' ? 'anthropic' : 'openai', replies: options.replies });
  const h = await createTestHarness({
    plugins: options.plugins,
    files: options.files,
    config: options.config,
    approve: options.approve,
    ask: options.ask,
  });
  const model = modelFor(flavour, provider.baseURL);
  const dispose = h.dispose;
  return Object.assign(h, {
    provider,
    model,
    async dispose() {
      await provider.close();
      await dispose();
    },
  });
}

export function modelFor(flavour: Flavour, baseURL: string): LanguageModel {
  if (flavour === 'anthropic') return createAnthropic({ baseURL, apiKey: 'test-key' })('claude-test');
  if (flavour === 'openai') return createOpenAI({ baseURL, apiKey: 'test-key' }).chat('gpt-test');
  return createOpenAICompatible({ name: 'local', baseURL, includeUsage: true })('local-model');
}
