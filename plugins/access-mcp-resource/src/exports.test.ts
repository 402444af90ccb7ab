import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['accessMcpResourceParams', 'accessMcpResourceTool', 'default', 'formatResourceContents']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['access_mcp_resource']);
  expect(api.accessMcpResourceTool.approval.category).toBe('mcp');
});
