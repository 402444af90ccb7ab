import type { ApprovalCategory } from '../tool/define-tool.js';
import type { ApprovalSettings } from './approval-settings.js';

/** `[local, external]` levels, or one boolean for tools without a path notion. */
export type AutoApproveLevels = boolean | [boolean, boolean];

/** Where a call will run, for tools that start programs through the sandbox service. */
export interface SandboxVerdict {
  /** True when the OS sandbox will hold it. */
  sandboxed: boolean;
  /** Set when it leaves the sandbox on purpose (excluded, or asked for): why. Always asks. */
  escape?: string;
}

/** The outcome of an approval decision. */
export interface ApprovalDecision {
  auto: boolean;
  /** Why the user must be asked (when not auto). */
  reason: string;
  /** The setting that would approve calls like this one. */
  setting?: string;
}

/**
 * The AutoApprover: SPEC Part B §9's truth table over the approval category each tool
 * declares (`defineTool({ approval })`). Core knows no tool by name: a first-party file
 * reader is auto-approved as a `read` tool because its plugin declares it one, exactly as a
 * third-party one is. `tool` only names the tool in reasons.
 */
export interface AutoApprover {
  readonly settings: Readonly<ApprovalSettings>;
  /** `shouldAutoApproveTool` of the baseline, for a tool of `category`. */
  shouldAutoApproveTool(tool: string, category: ApprovalCategory): AutoApproveLevels;
  /**
   * `shouldAutoApproveToolWithPath` of the baseline: `inside` is undefined when there is no
   * path (no path counts as external).
   */
  shouldAutoApproveToolWithPath(tool: string, inside: boolean | undefined, category: ApprovalCategory): boolean;
  /** The full decision for one call. `escalated` forces the second level (external / all commands). */
  decide(
    tool: string,
    category: ApprovalCategory,
    opts: { inside?: boolean; hasPath: boolean; escalated?: string; sandbox?: SandboxVerdict },
  ): ApprovalDecision;
}

/** Create an AutoApprover over settings. */
export function createAutoApprover(settings: ApprovalSettings): AutoApprover {
  const levels = (_tool: string, cat: ApprovalCategory): AutoApproveLevels => {
    if (settings.yolo || settings.autoApproveAll) {
      if (cat === 'browser' || cat === 'mcp') return true;
      if (cat === 'read' || cat === 'edit' || cat === 'command') return [true, true];
      // Any other category falls through to its settings (baseline); yolo approves it below.
    }
    switch (cat) {
      case 'read':
        return [settings.readFiles, settings.readFilesExternally ?? false];
      case 'edit':
        return [settings.editFiles, settings.editFilesExternally ?? false];
      case 'command':
        return [settings.executeSafeCommands ?? false, settings.executeAllCommands ?? false];
      case 'browser':
        return settings.useBrowser;
      case 'mcp':
        return settings.useMcp;
      case 'none':
        return true;
      default:
        return false;
    }
  };

  const withPath = (tool: string, inside: boolean | undefined, category: ApprovalCategory): boolean => {
    if (settings.yolo || settings.autoApproveAll) return true;
    const lv = levels(tool, category);
    const [l, e] = typeof lv === 'boolean' ? [lv, false] : lv;
    const local = inside === true;
    return (local && l) || (!local && l && e);
  };

  return {
    settings: Object.freeze({ ...settings }),
    shouldAutoApproveTool: levels,
    shouldAutoApproveToolWithPath: withPath,
    decide(tool, category, { inside, hasPath, escalated, sandbox }) {
      if (category === 'none') return { auto: true, reason: 'no approval needed' };
      if (settings.yolo) return { auto: true, reason: 'yolo mode' };
      // Leaving the sandbox on purpose is the user's call every time (only yolo skips it).
      if (sandbox?.escape) return { auto: false, reason: sandbox.escape };
      if (sandbox?.sandboxed && settings.executeSandboxedCommands) return { auto: true, reason: 'it runs inside the sandbox' };
      if (category === 'always') {
        // No setting is named: only yolo/autoApproveAll would allow it, and they allow everything.
        // The tool may say why it asks (its escalate reason, e.g. what would spare the prompt).
        return settings.autoApproveAll
          ? { auto: true, reason: 'auto-approve all' }
          : { auto: false, reason: escalated ?? `${tool} always asks the user` };
      }
      const names = settingNames(category);
      if (hasPath) {
        if (escalated) {
          const lv = levels(tool, category);
          const [l, e] = typeof lv === 'boolean' ? [lv, false] : lv;
          return l && e ? { auto: true, reason: escalated } : { auto: false, reason: escalated, setting: names[1] };
        }
        const auto = withPath(tool, inside, category);
        if (auto) return { auto: true, reason: inside ? 'inside the workspace' : 'external access allowed' };
        const reason = inside ? `${names[0]} is off` : 'the path is outside the workspace';
        return { auto: false, reason, setting: inside ? names[0] : names[1] };
      }
      const lv = levels(tool, category);
      if (typeof lv === 'boolean')
        return lv ? { auto: true, reason: `${names[0]} is on` } : { auto: false, reason: `${names[0]} is off`, setting: names[0] };
      const [first, second] = lv;
      // Commands: auto iff safe ∧ (¬escalated ∨ all) — the baseline's (¬req ∧ safe) ∨ (req ∧ safe ∧ all).
      if (!first) return { auto: false, reason: `${names[0]} is off`, setting: names[0] };
      if (escalated && !second) return { auto: false, reason: escalated, setting: names[1] };
      return { auto: true, reason: escalated ? `${names[1]} is on` : `${names[0]} is on` };
    },
  };
}

function settingNames(category: ApprovalCategory): [string, string] {
  switch (category) {
    case 'read':
      return ['approval.readFiles', 'approval.readFilesExternally'];
    case 'edit':
      return ['approval.editFiles', 'approval.editFilesExternally'];
    case 'command':
      return ['approval.executeSafeCommands', 'approval.executeAllCommands'];
    case 'browser':
      return ['approval.useBrowser', 'approval.useBrowser'];
    case 'mcp':
      return ['approval.useMcp', 'approval.useMcp'];
    default:
      return ['approval.autoApproveAll', 'approval.autoApproveAll'];
  }
}
