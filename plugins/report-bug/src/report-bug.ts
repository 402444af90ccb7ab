import { z } from 'zod';
import { askUser, CORE_VERSION, defineTool, textWithImages, type TaskConfig, type ToolResponse } from '@quiver/core';
import { currentEnvironment, formatBugReport } from './format-bug-report.js';
import { saveBugReport } from './save-bug-report.js';

/** The texts the model reads (SPEC Part B §16.9, with a file instead of a vendor's issue page). */
export const BUG_RESPONSES = Object.freeze({
  saved: (relative: string) =>
    `The user accepted the bug report. It was saved to ${relative} in the workspace, ready for the user to file with the project's issue tracker.`,
  feedback: (text: string) =>
    `The user did not save the bug report, and provided feedback on it instead:\n<feedback>\n${text}\n</feedback>`,
  declined: (why: string) => `The user declined the bug report${why ? ` (${why})` : ''}. Nothing was written.`,
});

const params = z.object({
  title: z.string().describe('A short, specific title for the bug.'),
  what_happened: z.string().describe('What happened, and what was expected instead.'),
  steps_to_reproduce: z.string().describe('The steps that reproduce the bug.'),
  api_request_output: z.string().optional().describe('Relevant API request output or error messages, verbatim.'),
  additional_context: z.string().optional().describe('Anything else that helps: logs, versions, workarounds tried.'),
});

/** The parameters of `report_bug`. */
export type ReportBugParams = z.infer<typeof params>;

/**
 * The `report_bug` tool (SPEC Part B §16.9): drafts a Markdown bug report with the
 * environment (Quiver version, model, operating system, Node), shows it with
 * `ask('report_bug', markdown, …)`, and on acceptance writes it to
 * `.quiver/bug-reports/<timestamp>.md` in the primary root (atomically) and says where. No
 * vendor endpoint is contacted: the user files the report wherever they like.
 */
export const reportBugTool = defineTool({
  name: 'report_bug',
  description:
    'Draft a bug report the user can file, when the user asks to report a bug. Fill in the title, what happened, the steps to reproduce and, when known, the API output and other context. The user reviews it; if they accept, it is saved as a Markdown file in .quiver/bug-reports/.',
  params,
  // An agent-loop tool: it talks to the loop that runs the model, so hosts whose client runs its own loop (MCP) leave it out.
  loop: true,
  approval: 'none',
  annotations: { title: 'Report a bug' },
  describe: (p) => `[report_bug for '${p.title ?? ''}']`,
  execute: reportBug,
});

async function reportBug(config: TaskConfig, p: ReportBugParams): Promise<ToolResponse> {
  const env = currentEnvironment(CORE_VERSION, config.modelId);
  const markdown = formatBugReport(p, env);
  // A subagent asks too: its UI answers no (S1: what the main task would ask, a subagent may not do).
  if (!config.yolo) {
    const reply = await askUser(config, 'report_bug', markdown, { title: p.title.trim(), environment: env });
    const text = (reply.text ?? '').trim();
    if (reply.response === 'no') return BUG_RESPONSES.declined(text);
    if (reply.response === 'message' && text) return textWithImages(BUG_RESPONSES.feedback(text), reply.images);
  }
  const saved = await saveBugReport(config, markdown);
  await config.ui.say('text', `Bug report saved to ${saved.relative}`, { path: saved.absolute });
  return BUG_RESPONSES.saved(saved.relative);
}
