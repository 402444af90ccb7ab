import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CODES, quiverError, type QuiverError } from '@quiver/core';
import { parse as parseYaml } from 'yaml';
import { KNOWN_TOOL_NAMES } from './subagent-tool-names.js';

/** One subagent config from `.quiver/agents/*.yaml`. */
export interface AgentConfig {
  name: string;
  description: string;
  /** The tools it may use (attempt_completion always added); undefined = the default set. */
  tools?: string[];
  /** A model id for this agent (same provider as the host's). */
  modelId?: string;
  skills?: string[];
  /** The system prompt: the file's body after the frontmatter, or its `prompt` field. */
  prompt: string;
  /** The file it came from. */
  file: string;
}

/** Agent configs, and the files that were skipped with why. */
export interface AgentConfigs {
  agents: AgentConfig[];
  errors: { file: string; message: string }[];
}

/** The folder agent configs are read from, below a workspace root. */
export const AGENTS_DIR = '.quiver/agents';

/**
 * Read every `*.yaml` / `*.yml` agent config of a folder (SPEC Part B §16.12 "Dynamic"): YAML
 * frontmatter (`name`, `description`, optional `model`/`modelId`, `tools` as a list or a comma
 * string of exact tool names, `skills`) between `---` lines, the body being the system prompt;
 * a plain YAML document with a `prompt` field works too. A file with an unknown tool or missing
 * fields is skipped and reported. A missing folder is no agents.
 */
export async function loadAgentConfigs(dir: string): Promise<AgentConfigs> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => /\.ya?ml$/i.test(n)).sort();
  } catch {
    return { agents: [], errors: [] };
  }
  const out: AgentConfigs = { agents: [], errors: [] };
  for (const name of names) {
    const file = join(dir, name);
    try {
      out.agents.push(parseAgentConfig(await readFile(file, 'utf8'), file));
    } catch (e) {
      out.errors.push({ file, message: (e as Error).message });
    }
  }
  return out;
}

/** Parse one agent config file; throws `QUIVER_ERR_CONFIG_INVALID` naming the file, the key and the problem. */
export function parseAgentConfig(text: string, file: string): AgentConfig {
  const { data, body } = splitFrontmatter(text, file);
  const str = (key: string) => (typeof data[key] === 'string' ? (data[key] as string).trim() : '');
  const name = str('name');
  const description = str('description');
  if (!name) throw invalid(file, 'name', `'name' is missing. Give the agent a name.`);
  if (!description) throw invalid(file, 'description', `'description' is missing. Say what the agent is for.`);
  const tools = listOf(data.tools, file, 'tools');
  for (const tool of tools ?? []) {
    if (!KNOWN_TOOL_NAMES.includes(tool))
      throw invalid(file, 'tools', `Unknown tool '${tool}'. Use exact tool names such as read_file, list_files, search_files.`);
  }
  const prompt = (body ?? str('prompt')).trim();
  const modelId = str('modelId') || str('model') || undefined;
  const config: AgentConfig = { name, description, prompt, file };
  if (tools) config.tools = tools.includes('attempt_completion') ? tools : [...tools, 'attempt_completion'];
  if (modelId) config.modelId = modelId;
  const skills = listOf(data.skills, file, 'skills');
  if (skills) config.skills = skills;
  return config;
}

function splitFrontmatter(text: string, file: string): { data: Record<string, unknown>; body?: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text);
  const yaml = m ? m[1] : text;
  let data: unknown;
  try {
    data = parseYaml(yaml);
  } catch (e) {
    throw invalid(file, undefined, `not valid YAML (${(e as Error).message.split('\n')[0]}).`, e);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw invalid(file, undefined, 'expected YAML keys (name, description, tools...).');
  return { data: data as Record<string, unknown>, body: m ? m[2] : undefined };
}

function listOf(value: unknown, file: string, key: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((v) => (v as string).trim()).filter(Boolean);
  throw invalid(file, key, `'${key}' must be a list of names or a comma-separated string.`);
}

/** An agent config problem: the message starts with the file, as the loader reports it. */
function invalid(file: string, key: string | undefined, problem: string, cause?: unknown): QuiverError {
  return quiverError(ERROR_CODES.CONFIG_INVALID, `${file}: ${problem}`, { file, key, cause });
}
