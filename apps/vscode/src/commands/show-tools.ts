import type { ToolInfo } from '@quiver/core/host';
import type { CommandDeps } from './command-deps.js';

/** One line per tool for the output channel. */
export function toolsListing(tools: ToolInfo[], configFile: string | undefined): string {
  const lines = tools.map((t) => `  ${t.name.padEnd(24)} ${t.description ?? ''}  (${t.package})`);
  return [`Quiver tools (${configFile ?? 'no quiver.config: defaults'}):`, ...lines].join('\n');
}

/**
 * `Quiver: Show Tools`: list the configured tools (enabled, not hidden) in a quick pick; picking
 * one runs `Quiver: Run Tool…` for it. Returns the tools (for programmatic callers).
 */
export async function showToolsCommand(deps: CommandDeps, args: { pick?: boolean } = {}): Promise<ToolInfo[]> {
  const { tools, configFile } = await deps.session.use(async (c) => ({ tools: c.runtime.tools(), configFile: c.configFile }));
  deps.log.append(toolsListing(tools, configFile));
  if (args.pick === false) return tools;
  const picked = await deps.window.showQuickPick(
    tools.map((t) => ({ label: t.name, description: t.package, detail: t.description })),
    { title: `Quiver: ${tools.length} tools`, placeHolder: 'Pick a tool to run it' },
  );
  if (picked) {
    const { runToolCommand } = await import('./run-tool.js');
    await runToolCommand(deps, { tool: picked.label });
  }
  return tools;
}
