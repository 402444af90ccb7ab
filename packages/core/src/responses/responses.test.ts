// The texts the model reads (SPEC Part B §12), with Quiver's names.
import { describe, expect, it } from 'vitest';
import { responses } from '../index.js';

describe('responses', () => {
  it.each([
    [responses.toolDenied(), 'The user denied this operation.'],
    [responses.toolError('boom'), 'The tool execution failed with the following error:\n<error>\nboom\n</error>'],
    [responses.skippedAfterRejection("[read_file for 'a']"), "Skipping tool [read_file for 'a'] due to user rejecting a previous tool."],
    [responses.unknownTool('nope', ['a', 'b']), "No tool named 'nope' is available. Use one of: a, b."],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('name what to do next', () => {
    expect(responses.ignoreError('secret.env', '.quiverignore', 'P5')).toMatch(
      /^Access to secret.env is blocked by the .quiverignore file settings \(rule P5\)\. You must try to continue/,
    );
    expect(responses.permissionDenied('rm is denied')).toContain('commandPermissions');
    expect(responses.missingParameter('path', 'read_file')).toContain("Missing value for required parameter 'path' of tool 'read_file'");
    expect(responses.repeatedToolCall('read_file', 3)).toContain('3 times in a row');
    expect(responses.toolAlreadyUsed('read_file')).toContain('Only one tool may be used per message');
    expect(responses.tooManyMistakes('try X')).toContain('<feedback>\ntry X\n</feedback>');
  });
});
