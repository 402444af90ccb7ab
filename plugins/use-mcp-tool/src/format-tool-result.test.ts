import { describe, expect, it } from 'vitest';
import { formatToolResult } from './format-tool-result.js';

describe('formatToolResult', () => {
  it('joins text and resource JSON (without blob) with blank lines', () => {
    const blocks = formatToolResult({
      content: [
        { type: 'text', text: 'first' },
        { type: 'resource', resource: { uri: 'mem://a', mimeType: 'application/octet-stream', blob: 'AAAA' } },
        { type: 'resource_link', uri: 'mem://b', name: 'b' },
      ],
    });
    expect(blocks).toEqual([
      {
        type: 'text',
        text: 'first\n\n{\n  "uri": "mem://a",\n  "mimeType": "application/octet-stream"\n}\n\n{\n  "uri": "mem://b",\n  "name": "b"\n}',
      },
    ]);
  });

  it('missing content is "(No response)"; an error result starts with "Error:"', () => {
    expect(formatToolResult({ content: [] })).toEqual([{ type: 'text', text: '(No response)' }]);
    expect(formatToolResult({ content: [], isError: true })).toEqual([{ type: 'text', text: 'Error:\n(No response)' }]);
  });

  it('images: blocks when supported, the notice otherwise', () => {
    const content = [
      { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
      { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
    ];
    expect(formatToolResult({ content })).toEqual([
      { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
      { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
    ]);
    expect(formatToolResult({ content }, { supportsImages: false })).toEqual([
      {
        type: 'text',
        text: '[2 images were provided in the response, and while they are displayed to the user, you do not have the ability to view them.]',
      },
    ]);
  });
});
