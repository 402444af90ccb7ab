import { errorResult, textResult, type ToolResult } from '@quiver/core';
import { describe, expect, it } from 'vitest';
import { toToolResultPart } from './index.js';

const call = { toolCallId: 'c1', toolName: 'read_file' };
const withImage: ToolResult = {
  isError: false,
  content: [
    { type: 'text', text: 'an image' },
    { type: 'image', data: 'AAAA', mimeType: 'image/png' },
  ],
};

describe('toToolResultPart', () => {
  it('text and error results', () => {
    expect(toToolResultPart(call, textResult('ok'), 'none').part.output).toEqual({ type: 'text', value: 'ok' });
    expect(toToolResultPart(call, errorResult('bad'), 'none').part.output).toEqual({ type: 'error-text', value: 'bad' });
    expect(toToolResultPart(call, { content: [], isError: false }, 'none').part.output).toEqual({
      type: 'text',
      value: '(tool did not return anything)',
    });
  });

  it('images inside the result, in a follow-up user message, or left out with a note', () => {
    expect(toToolResultPart(call, withImage, 'tool-result').part.output).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'an image' },
        { type: 'image-data', data: 'AAAA', mediaType: 'image/png' },
      ],
    });
    const split = toToolResultPart(call, withImage, 'user-message');
    expect(split.part.output).toEqual({ type: 'text', value: 'an image' });
    expect(split.followUp?.content).toEqual([
      expect.objectContaining({ type: 'text' }),
      { type: 'image', image: 'AAAA', mediaType: 'image/png' },
    ]);
    const none = toToolResultPart(call, withImage, 'none');
    expect(none.followUp).toBeUndefined();
    expect(none.part.output).toEqual({
      type: 'text',
      value: 'an image\n[1 image was returned by the tool, but this model provider cannot receive images here.]',
    });
  });
});
