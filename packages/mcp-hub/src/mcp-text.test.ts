import { describe, expect, it } from 'vitest';
import { cutMcpText, MAX_MCP_RESPONSE_CHARS } from './index.js';

describe('cutMcpText', () => {
  it('leaves text up to 409,600 characters alone', () => {
    const text = 'x'.repeat(MAX_MCP_RESPONSE_CHARS);
    expect(cutMcpText(text)).toBe(text);
  });

  it('cuts longer text and says how much was left out', () => {
    const out = cutMcpText('y'.repeat(MAX_MCP_RESPONSE_CHARS + 2048));
    expect(
      out.startsWith(
        'y'.repeat(MAX_MCP_RESPONSE_CHARS) +
          '\n\n---\n\n[FILE TRUNCATED: This response is 402.0 KB but only the first 400.0 KB is shown (2.0 KB truncated).',
      ),
    ).toBe(true);
  });
});
