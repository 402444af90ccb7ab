import { ERROR_CODES, defineTool, errorResult, responses } from '@quiver/core';
import { z } from 'zod';
import { runSubagents } from './run-subagents-lazy.js';
import { MAX_SUBAGENT_PROMPTS, normalizePrompts } from './subagent-prompts.js';
import { subagentOptions } from './subagent-options.js';

/** Parameters of use_subagents. */
export const useSubagentsParams = z.object({
  prompts: z
    .union([z.array(z.string()), z.string()])
    .describe(`1 to ${MAX_SUBAGENT_PROMPTS} self-contained research prompts, one per subagent (an array, or a JSON array string).`),
  task_progress: z.string().optional().describe('The task checklist.'),
});

/**
 * use_subagents (SPEC Part B §16.12, Part A): runs each prompt as a read-only subtask on the
 * same host and model, in parallel, each capped at `maxTurns` model requests (plugin option,
 * default 20), and returns an aggregated summary. Approval: the read category, once per batch.
 */
export const useSubagentsTool = defineTool({
  name: 'use_subagents',
  description:
    'Run 1 to 5 research subagents in parallel, each answering one self-contained question about the workspace ' +
    'with read-only tools (read_file, list_files, search_files, execute_command...), and get back an aggregated ' +
    'summary of their findings with the relevant file paths. Use it to explore several areas at once without ' +
    'filling your own context. Subagents cannot ask the user anything and cannot change files.',
  params: useSubagentsParams,
  options: subagentOptions,
  // Offered only where a model is configured: the subagents are model turns.
  requires: ['model'],
  approval: 'read',
  // Not read-only: its subagents run commands (execute_command), which may change anything.
  annotations: { readOnly: false, destructive: false, openWorld: true },
  describe: (p) => `[use_subagents for ${normalizePrompts(p.prompts).length || 'no'} prompt(s)]`,
  async execute(config, { prompts }) {
    if (config.isSubagentExecution) {
      return errorResult(
        'use_subagents is not available inside a subagent run. Answer the question with your own tools.',
        ERROR_CODES.MODE_RESTRICTED,
      );
    }
    const list = normalizePrompts(prompts);
    if (!list.length) return errorResult(responses.missingParameter('prompts', 'use_subagents'), ERROR_CODES.PARAM_MISSING);
    if (list.length > MAX_SUBAGENT_PROMPTS) {
      return errorResult(
        `Too many subagent prompts provided (${list.length}). Maximum is ${MAX_SUBAGENT_PROMPTS}.`,
        ERROR_CODES.PARAM_INVALID,
      );
    }
    return runSubagents(config, list);
  },
  async handlePartialBlock(block, ui) {
    const list = normalizePrompts(block.params.prompts);
    if (list.length) await ui.say('use_subagents', list.map((p, i) => `${i + 1}. ${p}`).join('\n'), { prompts: list, partial: true });
  },
});
