import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rootsToWorkspace } from './mcp-roots.js';

describe('rootsToWorkspace', () => {
  it('turns file: URIs into folders and keeps usable names', () => {
    const a = pathToFileURL('/tmp/project a').href;
    const b = pathToFileURL('/tmp/b').href;
    expect(
      rootsToWorkspace([
        { uri: a, name: 'Project A' },
        { uri: b, name: 'bad:name' },
      ]),
    ).toEqual({
      roots: [{ name: 'Project A', path: '/tmp/project a' }, { path: '/tmp/b' }],
      skipped: [],
    });
  });

  it('skips roots that are not file: URIs', () => {
    const result = rootsToWorkspace([{ uri: 'https://example.com/repo' }, { uri: 'file:///srv/x' }]);
    expect(result.roots).toEqual([{ path: '/srv/x' }]);
    expect(result.skipped).toEqual(['https://example.com/repo']);
  });
});
