import { describe, expect, it } from 'vitest';
import { errorResult, textResult } from '@quiver/core';
import { ERROR_CODE_META_KEY, errorCallResult, toCallToolResult } from './mcp-call-result.js';

describe('toCallToolResult', () => {
  it('keeps text and image blocks and the error flag', () => {
    const result = toCallToolResult({
      content: [
        { type: 'text', text: 'a picture:' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
      isError: false,
    });
    expect(result).toEqual({
      content: [
        { type: 'text', text: 'a picture:' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
      isError: false,
    });
  });

  it('carries an error result code in _meta', () => {
    const result = toCallToolResult(errorResult('no such file', 'QUIVER_ERR_FILE_NOT_FOUND'));
    expect(result.isError).toBe(true);
    expect(result._meta).toEqual({ [ERROR_CODE_META_KEY]: 'QUIVER_ERR_FILE_NOT_FOUND' });
    expect(toCallToolResult(textResult('ok'))._meta).toBeUndefined();
  });

  it('builds refusals as error results', () => {
    expect(errorCallResult('nope')).toEqual({ content: [{ type: 'text', text: 'nope' }], isError: true });
  });
});
