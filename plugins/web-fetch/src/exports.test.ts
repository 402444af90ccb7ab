import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['WEB_FETCH_DEFAULTS', 'WEB_FETCH_ERRORS', 'checkUrl', 'decodeBody', 'default', 'fetchUrl', 'guardedLookup', 'htmlToMarkdown', 'isHostAllowed', 'isPrivateAddress', 'kindOfType', 'mediaType', 'renderPage', 'sniffKind', 'webFetchParams', 'webFetchTool']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['web_fetch']);
  expect(api.webFetchTool.approval.category).toBe('browser');
  expect(api.webFetchTool.required).toEqual(['url', 'prompt']);
});
