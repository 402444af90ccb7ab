// Pins the public API: adding or removing an export from src/index.ts must show up here.
import { expect, it } from 'vitest';

it('exports exactly these names', async () => {
  const names = Object.keys(await import('./index.js')).sort();
  expect(names).toMatchInlineSnapshot(`
    [
      "API_VERSION",
      "CONFIG_FILE_NAMES",
      "CORE_VERSION",
      "DEFAULT_APPROVAL_SETTINGS",
      "ERROR_CODES",
      "HOOK_NAMES",
      "QuiverError",
      "STAGE",
      "TOOL_NAME_PATTERN",
      "approvalSettingsSchema",
      "compileMatcher",
      "configSchema",
      "coreServices",
      "createAutoApprover",
      "createContainer",
      "createHookBus",
      "createHost",
      "createMemoryTelemetry",
      "createMessageState",
      "createMistakeCounter",
      "createReadCache",
      "createRegistry",
      "createServiceRef",
      "createTask",
      "createTaskState",
      "defineConfig",
      "definePlugin",
      "defineTool",
      "errorResult",
      "findConfigFile",
      "isHookName",
      "isPluginDefinition",
      "isQuiverError",
      "isToolDefinition",
      "loadConfig",
      "manifestSchema",
      "quiverError",
      "registerCommandHooks",
      "responses",
      "resultText",
      "runHook",
      "textResult",
      "toToolResult",
      "validateConfig",
    ]
  `);
});
