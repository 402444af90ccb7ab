import type { ApprovalRequest, ApprovalResponse, AskResponse, HostUi } from './host-ui.js';

/**
 * The UI of a subagent task (SPEC S1): everything of `ui` except approval, which is always
 * refused. A subagent may do only what the main task would do without asking; anything that
 * would be asked (a path outside the workspace, a command not auto-approved, a PreToolUse
 * hook's `ask`, a tool's own prompt) reaches this port and is refused, because nobody can
 * answer. Putting the rule on the port, not in each gate or tool, covers every asker at once.
 */
export function subagentUi(ui: HostUi): HostUi {
  const wrapped = Object.create(ui) as HostUi;
  wrapped.approve = async (request: ApprovalRequest): Promise<ApprovalResponse> => ({ approved: false, message: needsMainTask(request) });
  // A question is a prompt too: nobody answers it, so it is a "no" (a tool's own confirmation fails closed).
  wrapped.ask = async (): Promise<AskResponse> => ({
    response: 'no',
    text: 'Nobody can answer inside a subagent; this needs the main task.',
  });
  return wrapped;
}

/** The refusal a subagent's model reads. */
export function needsMainTask(request: Pick<ApprovalRequest, 'tool' | 'reason' | 'setting'>): string {
  const setting = request.setting ? ` (the user can allow such calls with ${request.setting}: true)` : '';
  return (
    `${request.tool} was not run: it needs the user's approval (${request.reason}), and a subagent gets only what the main task would approve automatically — nobody can be asked here. ` +
    `This step needs the main task: leave it out and say in your result what is needed and why${setting}.`
  );
}
