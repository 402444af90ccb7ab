/** The baseline's 27 tool names (SPEC Part B §1): what an agent config's `tools` may list. */
export const KNOWN_TOOL_NAMES: readonly string[] = Object.freeze([
  'ask_followup_question',
  'attempt_completion',
  'execute_command',
  'replace_in_file',
  'read_file',
  'write_to_file',
  'search_files',
  'list_files',
  'list_code_definition_names',
  'browser_action',
  'use_mcp_tool',
  'access_mcp_resource',
  'load_mcp_documentation',
  'new_task',
  'plan_mode_respond',
  'act_mode_respond',
  'focus_chain',
  'web_fetch',
  'web_search',
  'condense',
  'summarize_task',
  'report_bug',
  'new_rule',
  'apply_patch',
  'generate_explanation',
  'use_skill',
  'use_subagents',
]);

/**
 * The tools a subagent gets by default (SPEC Part B §16.12); those the host lacks
 * (list_code_definition_names, use_skill) are simply not offered.
 */
export const DEFAULT_SUBAGENT_TOOLS: readonly string[] = Object.freeze([
  'read_file',
  'list_files',
  'search_files',
  'list_code_definition_names',
  'execute_command',
  'use_skill',
  'attempt_completion',
]);

/** The prefix of a dynamic subagent tool's name. */
export const AGENT_TOOL_PREFIX = 'use_subagent_';

const MAX_NAME = 64;

/**
 * The tool name of an agent config (SPEC Part B §16.x.9): `use_subagent_` + the name lowercased,
 * runs of anything but `[a-z0-9_]` turned into `_`, collapsed and trimmed (`agent` when nothing
 * is left); over 64 characters it is cut and ends in `_` + a 6-character FNV-1a hash; a name
 * already in `taken` gets `_2`, `_3`... The chosen name is added to `taken`.
 * @example
 * agentToolName('Code-Reviewer!!', new Set()) // 'use_subagent_code_reviewer'
 */
export function agentToolName(name: string, taken: Set<string>): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^_+|_+$/g, '') || 'agent';
  let base = AGENT_TOOL_PREFIX + slug;
  if (base.length > MAX_NAME) {
    const hash = fnv1a(slug).toString(36).slice(0, 6);
    base = `${base.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
  }
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) {
    const suffix = `_${n}`;
    candidate = base.length + suffix.length > MAX_NAME ? base.slice(0, MAX_NAME - suffix.length) + suffix : base + suffix;
  }
  taken.add(candidate);
  return candidate;
}

/** 32-bit FNV-1a over the UTF-8 bytes. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}
