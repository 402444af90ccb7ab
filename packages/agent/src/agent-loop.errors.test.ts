// Provider failures end the run with a clear one-line message, never a throw or a stack.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import readFile from '@quiver/tool-read-file';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoopHarness, modelFor, type Flavour, type LoopHarness } from '../test/support/loop-harness.js';
import { runAgentLoop } from './index.js';
import { AGENT_ERRORS } from './agent-errors.js';

let h: LoopHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

/** A port nothing listens on: bind one, then close it. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe.each<Flavour>(['anthropic', 'openai', 'openai-compatible'])('%s', (flavour) => {
  it("an HTTP 500 is a clear message with the provider's own text", async () => {
    h = await createLoopHarness({ flavour, plugins: [readFile], replies: [{ status: 500, error: 'Overloaded, try later' }] });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Go', maxRetries: 0 });
    expect(outcome.status).toBe('error');
    expect(outcome.error!.code).toBe(AGENT_ERRORS.PROVIDER);
    expect(outcome.error!.message).toMatch(
      /returned HTTP 500 for http:\/\/127\.0\.0\.1:\d+\/v1\/.*: Overloaded, try later\. The provider failed on its side: retry later\./,
    );
    expect(outcome.error!.message).not.toContain('\n    at ');
  });

  it('an HTTP 401 says to check the API key', async () => {
    h = await createLoopHarness({ flavour, plugins: [readFile], replies: [{ status: 401, error: 'invalid x-api-key' }] });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Go', maxRetries: 0 });
    expect(outcome.error!.message).toContain('HTTP 401');
    expect(outcome.error!.message).toContain('invalid x-api-key');
    expect(outcome.error!.message).toContain('Check the API key');
  });

  it('an unreachable endpoint says so and names the URL', async () => {
    h = await createLoopHarness({ flavour, plugins: [readFile], replies: [] });
    const port = await deadPort();
    const model = modelFor(flavour, `http://127.0.0.1:${port}/v1`);
    const outcome = await runAgentLoop({ runtime: h.runtime, model, prompt: 'Go', maxRetries: 0 });
    expect(outcome.status).toBe('error');
    expect(outcome.error!.message).toContain(`Could not reach`);
    expect(outcome.error!.message).toContain(`127.0.0.1:${port}`);
    expect(outcome.error!.message).toContain('ECONNREFUSED');
    expect(outcome.error!.message).toContain('base URL');
  });
});
