import { platform, release } from 'node:os';

/** A tool as the system prompt lists it. */
export interface PromptTool {
  name: string;
  description: string;
}

/** Options of {@link buildSystemPrompt}. */
export interface SystemPromptOptions {
  /** The tools offered to the model (their full schemas go with the request; the rules mention some by name). */
  tools: readonly PromptTool[];
  /** The primary workspace root. */
  cwd: string;
  /** Every workspace root, when there are several. */
  roots?: readonly { name?: string; path: string }[];
  /** Text that replaces the opening role paragraph (a subagent's profile). */
  role?: string;
  /** Sections appended at the end (user rules, a subagent suffix). */
  append?: readonly string[];
}

const DEFAULT_ROLE =
  "You are Quiver, a highly skilled software engineer working in the user's workspace. You complete the task " +
  "step by step by calling tools, and you read each tool's result before you decide the next step.";

/** Appended to a subagent's system prompt (SPEC Part B §16.12). */
export const SUBAGENT_SYSTEM_SUFFIX =
  '# Subagent rules\n\n' +
  'You are a subagent: a focused, read-only research run started by another agent. Investigate the question ' +
  'you were given with the tools you have; do not change files. Nobody can answer questions, so decide for ' +
  'yourself. When you are done, call attempt_completion with a concise answer that ends with a list titled ' +
  '"Relevant file paths" naming the files that matter.';

/**
 * The system prompt of an agent loop: the role, the rules of the loop, and the environment.
 * It does not list the tools: their names, descriptions and schemas go with every request
 * already, and saying them twice would only lengthen the fixed prefix paid on each turn.
 * @example
 * buildSystemPrompt({ tools: [{ name: 'read_file', description: 'Read a file.' }], cwd: '/repo' });
 */
export function buildSystemPrompt(options: SystemPromptOptions): string {
  const sections = [options.role ?? DEFAULT_ROLE, rulesSection(options.tools), environmentSection(options)];
  return [...sections, ...(options.append ?? [])].filter(Boolean).join('\n\n====\n\n');
}

function rulesSection(tools: readonly PromptTool[]): string {
  const has = (name: string) => tools.some((t) => t.name === name);
  const rules = [
    "Act only through the tools you were given; each call's parameters must match its schema.",
    'Every response must call at least one tool. A response without a tool call counts as a mistake; too many mistakes in a row stop the task.',
    'Relative paths are relative to the primary workspace root. Do not assume the content of a file: read it.',
    'Some calls are refused by the user, by command permissions or by ignore rules. Read the reason, then change your approach; never repeat the same call.',
    'Calling the same tool with the same arguments again and again is detected and stops the task.',
  ];
  if (has('attempt_completion')) {
    rules.push(
      'When the task is done, call attempt_completion with the final result. Do not end the result with a question or an offer of further help.',
    );
  }
  return `RULES\n\n${rules.map((r) => `- ${r}`).join('\n')}`;
}

function environmentSection(options: SystemPromptOptions): string {
  const lines = [
    `Operating system: ${platform()} ${release()}`,
    `Default shell: ${process.env.SHELL ?? '/bin/sh'}`,
    `Primary workspace root: ${options.cwd}`,
  ];
  if (options.roots && options.roots.length > 1) {
    lines.push('Workspace roots:', ...options.roots.map((r) => `- ${r.name ? `${r.name}: ` : ''}${r.path}`));
  }
  return `SYSTEM INFORMATION\n\n${lines.join('\n')}`;
}
