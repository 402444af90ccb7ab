import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createScriptedProvider } from '@quiver/agent';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { stats } from '../measure.js';

/**
 * The fixed prefix of a default `quiver run` request (system prompt + tool definitions, as
 * the Anthropic wire carries them), counted with a real tokenizer (gpt-tokenizer, o200k_base).
 * Baseline: the 6,830 tokens measured for issue 18 before the prefix was made lean (tools
 * 5,017 + system 1,813, the same tokenizer). Target: 3,500 at most, with Chromium installed
 * (browser_action offered), no MCP server, no skill and no web-search key: the default run.
 */
export async function benchPromptPrefix(ctx: BenchContext): Promise<BenchResult[]> {
  const provider = await createScriptedProvider({
    protocol: 'anthropic',
    replies: [{ toolCalls: [{ name: 'attempt_completion', input: { result: 'ok' } }] }],
  });
  try {
    const cwd = join(ctx.scratch, 'prompt-prefix');
    mkdirSync(cwd, { recursive: true });
    const args = [
      ctx.cliBin,
      'run',
      'Say ok',
      '--provider',
      'anthropic',
      '--model',
      'claude-bench',
      '--base-url',
      provider.baseURL,
      '--yes',
      '--json',
    ];
    const code = await new Promise<number | null>((resolve) => {
      // The default run: no user config or global skills (a HOME of its own), no web-search key.
      const home = join(ctx.scratch, 'prompt-prefix-home');
      mkdirSync(home, { recursive: true });
      const env = { ...process.env, ANTHROPIC_API_KEY: 'bench', HOME: home, BRAVE_SEARCH_API_KEY: '', TAVILY_API_KEY: '' };
      const child = spawn(process.execPath, args, { cwd, env, stdio: 'ignore' });
      child.on('close', resolve);
    });
    const body = provider.requests[0]?.body as { system?: { text: string }[]; tools?: { name: string }[] } | undefined;
    if (code !== 0 || !body?.tools) throw new Error(`quiver run exited ${code} without a model request to measure`);
    const system = countTokens((body.system ?? []).map((s) => s.text).join('\n'));
    const tools = countTokens(JSON.stringify(body.tools));
    return [
      result(
        {
          id: 'prompt-prefix',
          title: 'Fixed prompt prefix of a default `quiver run` (tokens, o200k)',
          subjectLabel: `system ${system} + ${body.tools.length} tool definitions ${tools}`,
          baselineLabel: 'before issue 18: system 1,813 + tools 5,017 (same tokenizer)',
          unit: 'tokens',
          target: { kind: 'absolute', limit: 3_500 },
          notes: [
            `tools offered: ${body.tools.map((t) => t.name).join(', ')}`,
            body.tools.some((t) => t.name === 'browser_action')
              ? 'Chromium found, so browser_action is offered (the default CLI run on this machine and on CI)'
              : 'NO Chromium found: browser_action is not offered and the figure is below the default run with Chromium',
          ],
        },
        { subject: stats([system + tools]), baseline: stats([6_830]), ratio: (system + tools) / 6_830 },
      ),
    ];
  } finally {
    await provider.close();
  }
}
