import { describe, expect, it } from 'vitest';
import type * as vscode from 'vscode';
import { toLmToolResult, type LmResultApi } from './tool-result-parts.js';

const api = (withImages: boolean): LmResultApi => ({
  text: (value) => ({ text: value }),
  image: withImages ? (data, mimeType) => ({ bytes: data.length, mimeType }) : undefined,
  result: (parts) => ({ content: parts }) as unknown as vscode.LanguageModelToolResult,
});

const png = Buffer.from('not really a png').toString('base64');

describe('toLmToolResult', () => {
  it('maps text blocks to text parts and images to data parts', () => {
    const r = toLmToolResult(api(true), {
      isError: false,
      content: [
        { type: 'text', text: 'a' },
        { type: 'image', data: png, mimeType: 'image/png' },
      ],
    });
    expect(r.content).toEqual([{ text: 'a' }, { bytes: 16, mimeType: 'image/png' }]);
  });

  it('describes an image in text where VS Code has no data parts', () => {
    const r = toLmToolResult(api(false), { isError: false, content: [{ type: 'image', data: png, mimeType: 'image/png' }] });
    expect(r.content).toEqual([{ text: '[image image/png, 16 bytes: this editor cannot pass images to the model]' }]);
  });

  it('keeps an error result as text for the model, and never returns an empty result', () => {
    expect(toLmToolResult(api(true), { isError: true, code: 'X', content: [{ type: 'text', text: 'denied' }] }).content).toEqual([
      { text: 'denied' },
    ]);
    expect(toLmToolResult(api(true), { isError: false, content: [] }).content).toEqual([{ text: '' }]);
  });
});
