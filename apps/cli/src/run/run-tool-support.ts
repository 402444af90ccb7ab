import type { Runtime } from '@quiver/runtime';
import { availableSkills, skillsPromptSection } from '@quiver/tool-use-skill';
import { providerFromOptions, webSearchProviderRef } from '@quiver/tool-web-search';

/** What `quiver run` adds to the loop for tools whose support depends on this workspace. */
export interface RunToolSupport {
  /** Tools left out: every call would fail here, and each costs tokens on every request. */
  exclude: string[];
  /** System prompt sections the kept tools need (the SKILLS list). */
  systemAppend: string[];
}

/**
 * Tools that could only fail in this run are not offered (a shorter fixed prefix): web_search
 * when no provider is configured (no API key, no provider service), use_skill when no skill is
 * found. When skills are found, their names and descriptions go into the system prompt, where
 * use_skill's description says to look for them.
 * @param warn - says why a SKILL.md was skipped
 */
export async function runToolSupport(runtime: Runtime, warn: (text: string) => void): Promise<RunToolSupport> {
  const { registry, container } = runtime.host;
  const names = new Set(registry.names());
  const exclude: string[] = [];
  const systemAppend: string[] = [];
  if (names.has('web_search') && !container.has(webSearchProviderRef) && !webSearchConfigured(registry.options('web_search')))
    exclude.push('web_search');
  if (names.has('use_skill')) {
    const found = await availableSkills({
      cwd: runtime.workspace.primary.path,
      options: registry.options('use_skill'),
      services: container,
    });
    for (const r of found.rejected) warn(`skipped the skill ${r.path}: ${r.reason}`);
    if (found.skills.length) systemAppend.push(skillsPromptSection(found.skills));
    else exclude.push('use_skill');
  }
  return { exclude, systemAppend };
}

/** Whether the plugin options (and the environment) name a provider with its key. */
function webSearchConfigured(options: Readonly<Record<string, unknown>>): boolean {
  try {
    providerFromOptions(options);
    return true;
  } catch {
    return false;
  }
}
