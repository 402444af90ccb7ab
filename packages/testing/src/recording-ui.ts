import type { ApprovalRequest, ApprovalResponse, AskResponse, EditPreview, HostUi } from '@quiver/core';

/** How the scripted host answers approval prompts. */
export type ApprovePolicy =
  | boolean
  | ApprovalResponse
  | ((request: ApprovalRequest) => boolean | ApprovalResponse | Promise<boolean | ApprovalResponse>);

/** How the scripted host answers questions. */
export type AskPolicy = AskResponse | ((type: string, text: string, data?: unknown) => AskResponse | Promise<AskResponse>);

/** A host UI that records everything and answers from a script. */
export interface RecordingUi extends HostUi {
  /** Every `say`, in order. */
  readonly said: { type: string; text: string; data?: unknown }[];
  /** Every approval prompt, in order. */
  readonly approvals: ApprovalRequest[];
  /** Every question, in order. */
  readonly asked: { type: string; text: string; data?: unknown }[];
  /** Live command output chunks (what `output()` received). */
  readonly outputs: { chunk: string; stream: 'stdout' | 'stderr' }[];
  /** Edit previews. */
  readonly previews: EditPreview[];
  /** Notifications. */
  readonly notifications: string[];
  /** Replace the approval policy. */
  setApprove(policy: ApprovePolicy): void;
  /** Replace the ask policy. */
  setAsk(policy: AskPolicy): void;
}

/** Create a recording UI. */
export function createRecordingUi(approve: ApprovePolicy = true, ask: AskPolicy = { response: 'yes' }): RecordingUi {
  let approvePolicy = approve;
  let askPolicy = ask;
  const ui: RecordingUi = {
    said: [],
    approvals: [],
    asked: [],
    outputs: [],
    previews: [],
    notifications: [],
    setApprove: (p) => void (approvePolicy = p),
    setAsk: (p) => void (askPolicy = p),
    say(type, text, data) {
      ui.said.push({ type, text, data });
    },
    async ask(type, text, data) {
      ui.asked.push({ type, text, data });
      return typeof askPolicy === 'function' ? askPolicy(type, text, data) : askPolicy;
    },
    async approve(request) {
      ui.approvals.push(request);
      const answer = typeof approvePolicy === 'function' ? await approvePolicy(request) : approvePolicy;
      return typeof answer === 'boolean' ? { approved: answer } : answer;
    },
    notify: (message) => void ui.notifications.push(message),
    output: (chunk, stream) => void ui.outputs.push({ chunk, stream }),
    preview: (preview) => void ui.previews.push(preview),
  };
  return ui;
}
