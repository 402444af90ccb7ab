import { describe, expect, it } from 'vitest';
import { errorResult, resultText, textResult, textWithImages, toToolResult } from '../index.js';

describe('tool results', () => {
  it.each([
    { response: 'hi', expected: { content: [{ type: 'text', text: 'hi' }], isError: false } },
    {
      response: [{ type: 'image' as const, data: 'AA==', mimeType: 'image/png' }],
      expected: { content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }], isError: false },
    },
    {
      response: errorResult('bad', 'QUIVER_ERR_TOOL_FAILED'),
      expected: { content: [{ type: 'text', text: 'bad' }], isError: true, code: 'QUIVER_ERR_TOOL_FAILED' },
    },
  ])('toToolResult($response)', ({ response, expected }) => {
    expect(toToolResult(response)).toEqual(expected);
  });

  it('textResult and errorResult carry a mistake effect only when given', () => {
    expect(textResult('x')).toEqual({ content: [{ type: 'text', text: 'x' }], isError: false });
    expect(textResult('x', 'keep')).toMatchObject({ mistake: 'keep' });
    expect(errorResult('x')).toEqual({ content: [{ type: 'text', text: 'x' }], isError: true });
    expect(errorResult('x', undefined, 'keep')).toEqual({ content: [{ type: 'text', text: 'x' }], isError: true, mistake: 'keep' });
  });

  it('resultText joins the text blocks and skips images', () => {
    expect(
      resultText({
        content: [
          { type: 'text', text: 'a' },
          { type: 'image', data: '', mimeType: 'image/png' },
          { type: 'text', text: 'b' },
        ],
        isError: false,
      }),
    ).toBe('a\nb');
  });
});

describe('textWithImages', () => {
  it('is the bare text without images, and text then images with them', () => {
    const image = { type: 'image' as const, data: 'AA==', mimeType: 'image/png' };
    expect(textWithImages('hi', undefined)).toBe('hi');
    expect(textWithImages('hi', [])).toBe('hi');
    expect(textWithImages('hi', [image])).toEqual([{ type: 'text', text: 'hi' }, image]);
  });
});
