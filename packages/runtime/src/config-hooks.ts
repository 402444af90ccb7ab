import { coreServices, type SandboxService } from '@quiver/core';
import { registerCommandHooks, type Host, type QuiverConfig } from '@quiver/core/host';

/** Register the config's external command hooks on the host's hook bus (checked now). */
export async function registerConfigHooks(
  host: Host,
  config: QuiverConfig,
  where: { configFile?: string; configDir: string; cwd: string; sandbox?: SandboxService },
): Promise<void> {
  if (!config.hooks) return;
  const childEnv = host.container.get(coreServices.childEnv);
  registerCommandHooks(host.hooks, config.hooks as never, { ...where, env: () => childEnv.build() });
}
