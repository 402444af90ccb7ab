import { coreServices } from '@quiver/core';
import { explainDecision } from '@quiver/shell';
import type { CommandDeps } from './command-deps.js';

/** What `Quiver: Check Command Permission…` returns. */
export interface PermissionOutcome {
  command: string;
  allowed: boolean;
  /** The explanation shown: R1–R9, then the ignore screen. */
  text: string;
}

/**
 * `Quiver: Check Command Permission…`: explain whether `execute_command` may run a command
 * under the config's command permissions (R1–R9) and the ignore screen (I1–I5). Approval is
 * asked separately at run time. `{ command }` skips the input box.
 */
export async function checkCommandPermissionCommand(
  deps: CommandDeps,
  args: { command?: string } = {},
): Promise<PermissionOutcome | undefined> {
  const command =
    args.command ??
    (await deps.window.showInputBox({
      title: 'Quiver: Check Command Permission',
      prompt: 'A shell command, as a model would send it',
      ignoreFocusOut: true,
    }));
  if (!command) return undefined;
  const outcome = await deps.session.use(async ({ runtime }) => {
    const decision = await runtime.host.container.get(coreServices.permissions).check(command);
    const lines = [explainDecision(decision)];
    let allowed = decision.allowed;
    if (decision.allowed) {
      const screen = await runtime.host.container.get(coreServices.ignore).checkCommand(command, runtime.workspace.primary.path);
      allowed = screen.allowed;
      lines.push(
        screen.allowed
          ? 'Ignore screen (I1–I5): no ignored path named.'
          : `Ignore screen (I1–I5): DENIED by ${screen.rule}: ${screen.reason ?? screen.subject}\nVerdict: DENIED`,
      );
    }
    return { command, allowed, text: lines.join('\n') };
  });
  deps.log.append(`[permissions] ${command}\n${outcome.text}`);
  if (args.command === undefined) {
    deps.log.show();
    void deps.window.showInformationMessage(`Quiver: ${outcome.allowed ? 'allowed' : 'denied'}: ${command} (details in the Quiver output)`);
  }
  return outcome;
}
