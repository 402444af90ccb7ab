// The AI SDK providers `quiver run` speaks, re-exported so a host that has @quiver/agent has
// them too: they are left out of the default CLI install with the rest of the agent loop, and a
// global `npm i -g @quiver/agent` beside @quiver/cli brings them in one package.
export { createAnthropic } from '@ai-sdk/anthropic';
export { createOpenAI } from '@ai-sdk/openai';
export { createOpenAICompatible } from '@ai-sdk/openai-compatible';
