import type { ContentBlock } from '../tool/tool-result.js';

/** What an approval prompt shows the user. */
export interface ApprovalRequest {
  /** The tool asking. */
  tool: string;
  /** The approval category (`read`, `edit`, `command`, `browser`, `mcp`, `always`, ...). */
  category: string;
  /** One line describing the call, e.g. `[my_tool for 'src/a.ts']`. */
  description: string;
  /** Why approval is needed, e.g. "path is outside the workspace". */
  reason: string;
  /** The path concerned, for path tools. */
  path?: string;
  /** The command concerned, for command tools. */
  command?: string;
  /** The call's parameters, for hosts that show them. */
  params: Readonly<Record<string, unknown>>;
  /** The config setting that would approve calls like this one automatically. */
  setting?: string;
}

/** The user's answer to an approval prompt. */
export interface ApprovalResponse {
  approved: boolean;
  /** Text the user attached; pushed to the model as feedback. */
  feedback?: string;
  /** Why the host refused without asking (no terminal, say); replaces the default denial text. */
  message?: string;
}

/** The user's answer to a question. */
export interface AskResponse {
  response: 'yes' | 'no' | 'message';
  text?: string;
  images?: ContentBlock[];
}

/** A live preview of an edit while the model is still writing it. */
export interface EditPreview {
  tool: string;
  path: string;
  /** The absolute path. */
  absolutePath: string;
  /** The file as it is on disk ('' for a new file). */
  original: string;
  /** The content so far. */
  content: string;
  /** True for the final, complete content. */
  final: boolean;
}

/** A write a tool just saved, as `afterSave` sees it. */
export interface SavedEdit {
  tool: string;
  /** The path as the model wrote it. */
  path: string;
  absolutePath: string;
  /** The content the tool wrote. */
  content: string;
}

/** What the host did to a saved file: the file as it is now, and who changed it. */
export interface SavedEditReport {
  /** The file's content after the host's changes. */
  content: string;
  /** `user` for edits made in the host's editor, `formatter` for format-on-save. */
  by: 'user' | 'formatter';
}

/**
 * The UI ports a host implements (CLI, MCP server, VS Code). Only `say`, `ask` and `approve`
 * are required; the rest are optional niceties a host may offer.
 */
export interface HostUi {
  /** Tell the user something. `type` is a message kind (`text`, `command`, `tool`, `error`, ...). */
  say(type: string, text: string, data?: unknown): void | Promise<void>;
  /** Ask the user a question and wait for the answer. */
  ask(type: string, text: string, data?: unknown): Promise<AskResponse>;
  /** Ask the user to approve a tool call. */
  approve(request: ApprovalRequest): Promise<ApprovalResponse>;
  /** A desktop-style notification (may be ignored). */
  notify?(message: string): void;
  /** Live output of a running command, as it arrives. */
  output?(chunk: string, stream: 'stdout' | 'stderr'): void;
  /** A live edit preview (streamed while the block is partial). */
  preview?(preview: EditPreview): void | Promise<void>;
  /**
   * After a write tool saved a file: a host that edits it further (format-on-save, or the
   * user's changes in a diff view) writes its version and reports it, so the model sees what
   * the file really holds. Return nothing when the file was left as written.
   */
  afterSave?(edit: SavedEdit): Promise<SavedEditReport | void>;
  /** Progress of a long operation (for MCP progress notifications). */
  progress?(message: string, progress?: number, total?: number): void;
}
