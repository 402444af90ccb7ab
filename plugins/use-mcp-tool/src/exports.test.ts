import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['default']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['use_mcp_tool']);
  // 'always': each downstream tool is asked unless its server's autoApprove (or approval: "useMcp") spares it.
  expect(api.default.tools.find((t) => t.name === 'use_mcp_tool')!.approval.category).toBe('always');
  expect(api.default.tools.find((t) => t.name === 'use_mcp_tool')!.required).toEqual(['server_name', 'tool_name']);
});
