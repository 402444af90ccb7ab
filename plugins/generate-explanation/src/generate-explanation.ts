import { z } from 'zod';
import { coreServices, defineTool, type TaskConfig, type ToolResponse } from '@quiver/core';
import { collectChanges, MAX_DIFF_CHARS, type Changes } from './collect-changes.js';

const params = z.object({
  title: z.string().describe('A short title for the explanation, e.g. "Refactor of the parser".'),
  from_ref: z.string().describe('The git ref to compare from: a branch, tag or commit (e.g. main, HEAD~3, a1b2c3d).'),
  to_ref: z.string().optional().describe('The git ref to compare to. Default: the working tree (uncommitted changes included).'),
});

/** The parameters of `generate_explanation`. */
export type GenerateExplanationParams = z.infer<typeof params>;

/**
 * The `generate_explanation` tool (SPEC Part B §16.10, without the vendor's separate model
 * stream): checks the repository and the refs, collects the changed files and their diff
 * (files hidden by the ignore rules left out), says `generate_explanation` with the status,
 * and returns an explanation request with the diff, so the model explains the changes itself.
 */
export const generateExplanationTool = defineTool({
  name: 'generate_explanation',
  description:
    'Collect the changes between two git refs (or a ref and the working tree) so you can explain them to the user: returns the changed files and the diff. Then write the explanation in your reply.',
  params,
  approval: 'none',
  annotations: { title: 'Explain git changes', readOnly: true, idempotent: true },
  describe: (p) => `[generate_explanation for '${p.title ?? ''}']`,
  execute: generateExplanation,
});

async function generateExplanation(config: TaskConfig, p: GenerateExplanationParams): Promise<ToolResponse> {
  const to = p.to_ref?.trim() || undefined;
  const status = { title: p.title, fromRef: p.from_ref, toRef: to ?? 'working tree' };
  const changes = await collectChanges({
    cwd: config.cwd,
    from: p.from_ref.trim(),
    to,
    signal: config.signal,
    ignore: config.services.find(coreServices.ignore),
  });
  if (!('files' in changes)) {
    await config.ui.say('generate_explanation', p.title, {
      ...status,
      status: 'error',
      error: changes.content[0]?.type === 'text' ? changes.content[0].text : '',
    });
    return changes;
  }
  const target = to === undefined ? 'the working tree' : `'${to}'`;
  await config.ui.say('generate_explanation', p.title, { ...status, status: 'complete', files: changes.files.length });
  if (changes.files.length === 0) return `No changes found between '${p.from_ref.trim()}' and ${target}.`;
  return explanationRequest(p.title, `'${p.from_ref.trim()}'`, target, changes);
}

function explanationRequest(title: string, from: string, to: string, changes: Changes): string {
  const list = changes.files.map((f) => `${f.status}\t${f.path}`).join('\n');
  const hidden = changes.hidden ? `\n(${changes.hidden} more file(s) are hidden by the ignore rules and left out.)` : '';
  const cut = changes.truncated
    ? `\n[Diff truncated at ${MAX_DIFF_CHARS} characters: read the remaining files with read_file or git diff.]`
    : '';
  return (
    `Explanation request: "${title}"\nChanges from ${from} to ${to}: ${changes.files.length} file(s) changed.\n${list}${hidden}\n\n` +
    'Explain these changes to the user in your next message: for each file, what changed and why it matters, in plain language, naming files and lines. The diff follows.\n\n' +
    `<diff>\n${changes.diff.replace(/\n$/, '')}${cut}\n</diff>`
  );
}
