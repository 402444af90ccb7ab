import { defineErrorCodes } from './error-codes.js';

/**
 * Core's own codes, grouped by area: the ones core's config loader, registry, container, hook
 * bus, gates and executor raise, plus the file and tool codes every tool shares. A plugin's
 * codes are declared by the plugin (`defineErrorCodes`), never here. Retired codes stay
 * listed (as comments) and are never reused.
 */
export const ERROR_CODES = defineErrorCodes('@quiver/core', {
  // config
  CONFIG_INVALID: {
    code: 'QUIVER_ERR_CONFIG_INVALID',
    meaning:
      'The config (or an option given to a service such as the workspace) does not match the schema: an unknown key, a value of the wrong type, an empty list, a hook `matcher` that is not a valid regular expression. The message lists every problem as `key: what was expected`; `key` is the first.',
    fix: 'Fix or remove the named key. Unknown keys are errors, so check the spelling against `@quiver/runtime/schema.json`.',
  },
  CONFIG_NOT_FOUND: {
    code: 'QUIVER_ERR_CONFIG_NOT_FOUND',
    meaning: 'The config file given explicitly (`--config`) does not exist.',
    fix: 'Check the path; it is resolved from the working directory. Leave `--config` out to search upward for `quiver.config.*`.',
  },
  CONFIG_LOAD: {
    code: 'QUIVER_ERR_CONFIG_LOAD',
    meaning:
      'The config file exists but could not be read: invalid JSON, a syntax error, or a module that throws while loading. `cause` holds the original error.',
    fix: 'Fix the file so it parses; a `.ts`/`.js`/`.mjs` config must `export default` the config object.',
  },
  CONFIG_EXTENDS: {
    code: 'QUIVER_ERR_CONFIG_EXTENDS',
    meaning:
      'An `extends` entry cannot be applied: a `quiver:` preset the host does not offer, a config file that does not exist, a package that is not installed, or a chain that extends itself.',
    fix: 'Fix or remove the entry in `extends`; paths are relative to the config that names them, packages are resolved from its folder (see docs/config.md).',
  },
  // workspace trust
  TRUST_STORE: {
    code: 'QUIVER_ERR_TRUST_STORE',
    meaning:
      'The trust store (`~/.config/quiver/trusted-folders.json`, or `$QUIVER_TRUST_STORE`) cannot be read or is not valid JSON; no folder counts as trusted.',
    fix: 'Fix or delete the file, then trust your folders again with `quiver trust DIR`.',
  },
  // plugins and registry
  PLUGIN_NOT_FOUND: {
    code: 'QUIVER_ERR_PLUGIN_NOT_FOUND',
    meaning: 'A plugin named in the config cannot be found: no such package, or no `package.json` in the folder given.',
    fix: 'Install the package, or fix the name or path in `plugins`.',
  },
  PLUGIN_MANIFEST_INVALID: {
    code: 'QUIVER_ERR_PLUGIN_MANIFEST_INVALID',
    meaning:
      "The plugin's `package.json` cannot be read, has no `quiver` field, or its `quiver` manifest does not match the schema (`apiVersion`, `tools`, `entry`, `descriptors`, `core`; unknown keys are errors), or the generated tool descriptors it names are unreadable or describe other tools than `tools`.",
    fix: 'Add or fix the `quiver` field: `{ "apiVersion": 1, "tools": ["my_tool"], "entry": "./dist/index.js", "descriptors": "./dist/quiver-tools.json" }`; rebuild the plugin so `quiver-describe-tools` rewrites its descriptors.',
  },
  PLUGIN_API_VERSION: {
    code: 'QUIVER_ERR_PLUGIN_API_VERSION',
    meaning: "The manifest's `apiVersion` is not one this core speaks.",
    fix: "Use a version of the plugin built for this core's API version (`API_VERSION`).",
  },
  PLUGIN_CORE_RANGE: {
    code: 'QUIVER_ERR_PLUGIN_CORE_RANGE',
    meaning: "The manifest's `core` semver range does not include the running `@quiver/core` version.",
    fix: 'Upgrade or downgrade the plugin (or core) to versions that fit; a plugin author widens `core` once tested.',
  },
  PLUGIN_ENTRY_MISSING: {
    code: 'QUIVER_ERR_PLUGIN_ENTRY_MISSING',
    meaning: "The manifest's `entry` file (or its `descriptors` file) does not exist, or importing the entry failed (`cause` says why).",
    fix: 'Build the plugin, fix `quiver.entry`/`quiver.descriptors`, or fix the error the module throws when imported.',
  },
  PLUGIN_EXPORT_MISMATCH: {
    code: 'QUIVER_ERR_PLUGIN_EXPORT_MISMATCH',
    meaning:
      "The entry does not default-export `definePlugin({...})`, the tools it exports differ from the manifest's `tools`, or `definePlugin` was given something that is not a `defineTool` result.",
    fix: '`export default definePlugin({ name, tools })` from the entry, and list exactly those tool names in `quiver.tools`.',
  },
  PLUGIN_REGISTER_FAILED: {
    code: 'QUIVER_ERR_PLUGIN_REGISTER_FAILED',
    meaning: "A plugin's `register()` threw. The tools of that plugin fail at first use with this code; `cause` holds the original error.",
    fix: "Check the plugin's options in the config; otherwise report it to the plugin's authors.",
  },
  TOOL_NAME_INVALID: {
    code: 'QUIVER_ERR_TOOL_NAME_INVALID',
    meaning: 'A tool name does not match `^[a-zA-Z0-9_-]{1,64}$` (the names models accept).',
    fix: 'Rename the tool.',
  },
  TOOL_DUPLICATE: {
    code: 'QUIVER_ERR_TOOL_DUPLICATE',
    meaning: 'Two plugins register the same tool name (the message names both), or one plugin lists a tool twice.',
    fix: 'Remove one plugin, or set `tools.<name>.from` in the config to the package that should win.',
  },
  TOOL_UNKNOWN: {
    code: 'QUIVER_ERR_TOOL_UNKNOWN',
    meaning: 'A call names a tool no loaded plugin provides (or that the config disabled). The result lists the tools there are.',
    fix: 'Call one of the listed tools; enable the tool or add its plugin in the config.',
  },
  // container
  SERVICE_MISSING: {
    code: 'QUIVER_ERR_SERVICE_MISSING',
    meaning: '`services.get(ref)` found nothing registered for the ref (`key` is its id) in this scope or above.',
    fix: "Provide the service in the host (`@quiver/runtime` provides the core ones) or in a plugin's `register()` with `ctx.provide(ref, factory)`; use `services.find(ref)` when the service is optional.",
  },
  SERVICE_REF_INVALID: {
    code: 'QUIVER_ERR_SERVICE_REF_INVALID',
    meaning: "`createServiceRef({ id })` got an id that is not dotted (`key` is the id), so it could clash with another package's service.",
    fix: "Give the ref a dotted id that starts with your package's area, like `acme.clock`.",
  },
  // hooks
  HOOK_UNKNOWN: {
    code: 'QUIVER_ERR_HOOK_UNKNOWN',
    meaning: 'A tap names a hook that does not exist, or has no `name`.',
    fix: 'Use one of `HOOK_NAMES` (`PreToolUse`, `PostToolUse`, ...) and name the tap after the plugin package.',
  },
  HOOK_FAILED: {
    code: 'QUIVER_ERR_HOOK_FAILED',
    meaning: 'An external command hook could not start or exited with a code other than 0 or 2.',
    fix: 'Run the hook script by hand with the event JSON on stdin and fix it; exit 2 (with a reason on stderr) is the way to block.',
  },
  HOOK_TIMEOUT: {
    code: 'QUIVER_ERR_HOOK_TIMEOUT',
    meaning:
      "A tap or command hook did not answer within its time limit (`timeoutMs`, or the config's `timeout` in seconds). A `PreToolUse` time-out blocks the call unless `onError` says otherwise.",
    fix: 'Make the hook faster, or raise its time limit.',
  },
  HOOK_BLOCKED: {
    code: 'QUIVER_ERR_HOOK_BLOCKED',
    meaning:
      "A `PreToolUse` hook denied the call, or failed (threw, timed out) with the default `onError: 'block'`. Not a mistake of the model.",
    fix: "Change the call as the hook's reason says. Hook authors: set `onError: 'continue'` (config: `\"allow\"`) for hooks that must not block on failure.",
  },
  HOOK_SCRIPT: {
    code: 'QUIVER_ERR_HOOK_SCRIPT',
    meaning:
      'A command hook in the config names a script that does not exist, is not executable, or a command not on `PATH` (checked at start-up).',
    fix: "Fix the path (relative paths are resolved from the config's folder) or `chmod +x` the script.",
  },
  HOOK_OUTPUT_INVALID: {
    code: 'QUIVER_ERR_HOOK_OUTPUT_INVALID',
    meaning:
      'A command hook exited 0 but printed output that is not valid hook JSON (unparsable, a known key with the wrong type, or plain text from a `PreToolUse` hook). It is reported (`hook_error`); a `PreToolUse` call then asks the user, or is blocked when the hook is marked `failClosed`.',
    fix: 'Make the hook print one JSON object (or nothing); run it by hand with the event JSON on stdin to see what it prints.',
  },
  SANDBOX_UNAVAILABLE: {
    code: 'QUIVER_ERR_SANDBOX_UNAVAILABLE',
    meaning:
      'A command or command hook was not run: the OS sandbox cannot run here (bubblewrap missing, namespaces not permitted, not Linux) and `sandbox.fallback` is `refuse`.',
    fix: 'Install bubblewrap (`sudo apt-get install bubblewrap`), allow unprivileged user namespaces, or set `sandbox.mode: "off"` or `sandbox.fallback: "unsandboxed"`. `quiver sandbox check` says which.',
  },
  // gates
  PARAM_MISSING: {
    code: 'QUIVER_ERR_PARAM_MISSING',
    meaning:
      'A required parameter is missing or blank (`undefined`, `null`, or whitespace only), unless the tool marks it `allowEmpty`. Counts a mistake.',
    fix: 'Call the tool again with every required parameter.',
  },
  PARAM_INVALID: {
    code: 'QUIVER_ERR_PARAM_INVALID',
    meaning:
      "A parameter does not match the tool's schema (wrong type, out of range); the message lists `param: problem`. Counts a mistake.",
    fix: 'Call the tool again with parameters that match its input schema.',
  },
  PATH_MALFORMED: {
    code: 'QUIVER_ERR_PATH_MALFORMED',
    meaning: 'A path is malformed (rule P2: a NUL byte, an empty path, a form the workspace refuses).',
    fix: 'Pass a plain relative path inside the workspace, or an absolute one.',
  },
  PATH_OUTSIDE: {
    code: 'QUIVER_ERR_PATH_OUTSIDE',
    meaning: 'A confined file operation would leave its workspace root (rule P8, e.g. through a symlink swapped in mid-operation).',
    fix: "Work on paths inside the workspace; change the tool's confinement setting only if outside access is intended.",
  },
  PATH_RESOLVE: {
    code: 'QUIVER_ERR_PATH_RESOLVE',
    meaning:
      'A path could not be resolved physically (rule P3: a symlink loop, an unreadable folder on the way). Anything unreadable is denied.',
    fix: 'Fix the symlink or permissions, or use another path.',
  },
  PATH_IGNORED: {
    code: 'QUIVER_ERR_PATH_IGNORED',
    meaning:
      'The ignore rules (`.quiverignore`, rules P5/P7) refuse the path. Not a mistake, except for tools that declare `ignoredCountsAsMistake` (a directory lister does).',
    fix: 'Continue without the file, or ask the user to change the ignore file.',
  },
  PATH_PROTECTED: {
    code: 'QUIVER_ERR_PATH_PROTECTED',
    meaning: 'A write to a protected path (rule P6: `.git/`, the ignore file itself).',
    fix: 'Leave protected files unchanged.',
  },
  WORKSPACE_HINT: {
    code: 'QUIVER_ERR_WORKSPACE_HINT',
    meaning: 'An `@name:` hint names no workspace root.',
    fix: 'Use one of the root names listed in the message, or drop the hint.',
  },
  COMMAND_DENIED: {
    code: 'QUIVER_ERR_COMMAND_DENIED',
    meaning:
      'The command permissions (`commandPermissions`, rules R1–R9) refuse the command; the message names the rule, pattern and segment. Not a mistake.',
    fix: 'Use an allowed command, or ask the user to change `commandPermissions` (`quiver permissions check "<cmd>"` explains a verdict).',
  },
  COMMAND_IGNORED: {
    code: 'QUIVER_ERR_COMMAND_IGNORED',
    meaning: 'The command names a path the ignore rules refuse (rules I1–I5). Not a mistake.',
    fix: 'Do the task without touching the ignored files.',
  },
  APPROVAL_DENIED: {
    code: 'QUIVER_ERR_APPROVAL_DENIED',
    meaning:
      "The user said no (or a `PreToolUse` hook's `ask` was answered no); later tools of the same message are skipped. Not a mistake.",
    fix: "Read the user's feedback, if any, and take another approach.",
  },
  APPROVAL_UNAVAILABLE: {
    code: 'QUIVER_ERR_APPROVAL_UNAVAILABLE',
    meaning: 'The host could not ask the user (no terminal, a non-interactive run) and refused the call.',
    fix: 'Run interactively, or turn on the auto-approve setting the message names (`approval.*`).',
  },
  MODE_RESTRICTED: {
    code: 'QUIVER_ERR_MODE_RESTRICTED',
    meaning: 'The tool is not available in the current mode (plan mode forbids the edit tools).',
    fix: 'Switch to act mode, or use a read-only tool.',
  },
  // tools
  TOOL_FAILED: {
    code: 'QUIVER_ERR_TOOL_FAILED',
    meaning:
      'A tool threw, or failed in a way without a more specific code. The message says `Error executing <tool>`, and the gate when it was not the tool itself. Counts a mistake.',
    fix: 'Read the message; retry with other input. Tool authors: return an error result with a specific code.',
  },
  TOOL_TIMEOUT: {
    code: 'QUIVER_ERR_TOOL_TIMEOUT',
    meaning: "The tool's time limit ran out (e.g. a command tool's managed timeout).",
    fix: 'Use a longer timeout, or run the work in the background.',
  },
  TOOL_ABORTED: {
    code: 'QUIVER_ERR_TOOL_ABORTED',
    meaning: "The call was cancelled (the task or the call's signal aborted).",
    fix: 'Nothing to fix; run it again if still needed.',
  },
  FILE_NOT_FOUND: {
    code: 'QUIVER_ERR_FILE_NOT_FOUND',
    meaning: 'The file or folder does not exist.',
    fix: 'Check the path (list the folder first).',
  },
  FILE_TOO_LARGE: {
    code: 'QUIVER_ERR_FILE_TOO_LARGE',
    meaning: "The file is over the tool's size limit.",
    fix: 'Read a line range, or search the file instead.',
  },
  FILE_BINARY: {
    code: 'QUIVER_ERR_FILE_BINARY',
    meaning: 'The file is binary (or in an encoding the tool cannot read as text).',
    fix: 'Use a tool that handles the format, or leave the file alone.',
  },
  FILE_SPECIAL: {
    code: 'QUIVER_ERR_FILE_SPECIAL',
    meaning:
      "The path (or the symlink's target) is a FIFO, device or socket. Tools refuse to read or write one at once: it could block forever or never end.",
    fix: 'Use a regular file. To read a pipe or a device, use a command tool with a bounded command (`head -c 1000 /dev/urandom`).',
  },
  FILE_WRITE_FAILED: {
    code: 'QUIVER_ERR_FILE_WRITE_FAILED',
    meaning: 'Writing a file failed (disk full, permissions, a rename that could not complete); the original is left as it was.',
    fix: 'Check permissions and free space, then retry.',
  },
  MISTAKE_LIMIT: {
    code: 'QUIVER_ERR_MISTAKE_LIMIT',
    meaning:
      'The consecutive-mistake limit (`approval.maxConsecutiveMistakes`, default 3) was reached; the host stops or asks the user for guidance.',
    fix: 'Give the model feedback, or change the approach; the count resets on success and on a new user message.',
  },
  // optional packages (a lean install leaves heavy, rarely used dependencies out)
  DEPENDENCY_MISSING: {
    code: 'QUIVER_ERR_DEPENDENCY_MISSING',
    meaning:
      'A feature needs an optional package that is not installed (a lean install leaves heavy, rarely used dependencies out, e.g. `@quiver/documents` for PDF/DOCX/XLSX or `@quiver/agent` for `quiver run`). `key` names the package.',
    fix: 'Install the named package beside Quiver (`npm i -g <package>` for a global install, or add it to the project), or install `@quiver/all`, which brings every first-party tool.',
  },
  // plugin declarations
  PLUGIN_ERROR_CODE_INVALID: {
    code: 'QUIVER_ERR_PLUGIN_ERROR_CODE_INVALID',
    meaning:
      'A package declares an error code that is not of the form `QUIVER_ERR_<AREA>_<WHAT>`, or a code that another loaded package (or core) already declares. The message names the code and both owners.',
    fix: "Rename the code in the plugin's `defineErrorCodes(...)`, using an area of its own (e.g. `QUIVER_ERR_ACME_<WHAT>` for `quiver-tool-acme`).",
  },
});

/** One of core's stable error codes. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
