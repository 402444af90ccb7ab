import type { CommandPermissionsConfig } from '@quiver/core';

/** What the model should do instead, by rule. */
const INSTEAD: Record<string, string> = {
  R1: 'Rewrite it as plain commands joined by ;, &&, || or | with ordinary quoted arguments (no here-documents, arithmetic, if/for/while/case, functions, ${…} operators or unquoted special characters), or put the logic in a script file and run that.',
  R5: 'Write the command name literally instead of computing it from a variable, a substitution, a glob or ~.',
  R6: 'Run it without redirecting to or from a file (use the file tools to read or write files), or ask the user to set allowRedirects in commandPermissions.',
  R8: 'Run the inner command directly, without that wrapper option.',
  R9: 'Split it into smaller, simpler commands.',
};

const DENIED_INSTEAD = 'Do not try to run it another way; choose a different approach or ask the user to run it themselves.';

/** The sentence that says what the model can do after a denial under `rule`. */
export function insteadText(rule: string, reason: string, config: CommandPermissionsConfig): string {
  if (rule === 'R7' && reason === 'denied') return DENIED_INSTEAD;
  if (rule === 'R7') {
    const allow = config.allow ?? [];
    const shown = allow
      .slice(0, 12)
      .map((p) => `"${p}"`)
      .join(', ');
    const more = allow.length > 12 ? `, … (${allow.length - 12} more)` : '';
    return `Use only commands the allow list permits (${shown}${more}), or ask the user to add a pattern for this one.`;
  }
  return INSTEAD[rule] ?? INSTEAD.R1;
}

/** The full denial sentence for the model: what was denied, by which rule, why, and what to do. */
export function deniedMessage(command: string, rule: string, why: string, instead: string): string {
  const shown = command.length > 300 ? `${command.slice(0, 300)}…` : command;
  return `Command "${shown}" was denied by the command permissions (${rule}): ${why}. ${instead}`;
}
