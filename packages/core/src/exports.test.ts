// Pins the runtime names of both entries: adding or removing an export from src/index.ts (the
// plugin API) or src/host.ts (the host API) must show up here. The types are pinned by the API
// reports (report.api.md and report-host.api.md, `pnpm api:update`).
import { expect, it } from 'vitest';

it('the plugin API (`@quiver/core`) exports exactly these names', async () => {
  const names = Object.keys(await import('./index.js')).sort();
  expect(names).toMatchInlineSnapshot(`
    [
      "CORE_VERSION",
      "ERROR_CODES",
      "HOOK_NAMES",
      "QuiverError",
      "STAGE",
      "askUser",
      "buildChildEnv",
      "coreServices",
      "createReadCache",
      "createServiceRef",
      "createTaskState",
      "defineConfigSection",
      "defineErrorCodes",
      "definePlugin",
      "defineTool",
      "errorResult",
      "importOptional",
      "isQuiverError",
      "parseWorkspaceHint",
      "protectedPathsOf",
      "quiverError",
      "responses",
      "resultText",
      "runHook",
      "screenPath",
      "textResult",
      "textWithImages",
      "toToolResult",
    ]
  `);
});

it('the host API (`@quiver/core/host`) exports exactly these names', async () => {
  const names = Object.keys(await import('./host.js')).sort();
  expect(names).toMatchInlineSnapshot(`
    [
      "API_VERSION",
      "CONFIG_FILE_NAMES",
      "DEFAULT_APPROVAL_SETTINGS",
      "DEFAULT_STRIP_ENV",
      "ERROR_CODE_PATTERN",
      "TOOL_NAME_PATTERN",
      "TRUST_STORE_ENV",
      "apiKeyEnvNames",
      "buildErrorCatalogue",
      "checkPluginManifest",
      "checkTrust",
      "configSchema",
      "configSchemaFor",
      "createChildEnvService",
      "createContainer",
      "createHookBus",
      "createHost",
      "createMemoryTelemetry",
      "createProtectedPaths",
      "createRegistry",
      "createTask",
      "defineConfig",
      "describePlugin",
      "escapeTerminal",
      "findConfigFile",
      "hasControlChars",
      "hookScriptFiles",
      "isPluginDefinition",
      "listTrusted",
      "loadConfig",
      "manifestSchema",
      "mergeConfigs",
      "offeredTools",
      "provideOptional",
      "recordTrustAsWritten",
      "registerCommandHooks",
      "resolveConfig",
      "revokeFolder",
      "trustFolder",
      "trustStorePath",
      "untrustedWarning",
      "whyNotOffered",
    ]
  `);
});

it('no name is exported by both entries (one home per name)', async () => {
  const plugin = new Set(Object.keys(await import('./index.js')));
  expect(Object.keys(await import('./host.js')).filter((n) => plugin.has(n))).toEqual([]);
});
