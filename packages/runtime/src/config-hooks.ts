import { coreServices, registerCommandHooks, type Host, type QuiverConfig, type SandboxService } from '@quiver/core';

/** Register the config's external command hooks on the host's hook bus (checked now). */
export async function registerConfigHooks(host: Host, config: QuiverConfig, where: { configFile?: string; configDir: string; cwd: string; sandbox?: SandboxService }): Promise<void> {
  if (!config.hooks) return;
  const childEnv = host.container.get(coreServices.childEnv);
  registerCommandHooks(host.hooks, config.hooks as never, { ...where, env: () => childEnv.build() });
}
