import { defineTool } from '@quiver/core';
import { executeEdit, previewEdit } from './edit-handler.js';
import { newRuleParams } from './edit-params.js';

/**
 * `new_rule`: write a rule file. The same handler as `write_to_file`, but Part A enforces the
 * place: only below `.quiverrules/` (or `.clinerules/`, when that folder exists).
 */
export const newRuleTool = defineTool({
  name: 'new_rule',
  description:
    'Create a rule file that guides future work in this workspace: a Markdown file below .quiverrules/ (for example .quiverrules/testing-conventions.md; ' +
    '.clinerules/ is used instead when that folder exists). Use a short, hyphenated file name and start the content with "## Brief overview". Any other path is refused.',
  params: newRuleParams,
  paths: { path: 'write', absolutePath: 'write' },
  approval: 'edit',
  annotations: { title: 'Write a rule file', destructive: true },
  describe: (p) => `[new_rule for '${p.path || p.absolutePath || ''}']`,
  execute: (config, params) => executeEdit('new_rule', config, params),
  handlePartialBlock: (block, ui) => previewEdit('new_rule', block, ui),
});
