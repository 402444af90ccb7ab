/**
 * Quiver's error catalogue. Every error Quiver raises is a {@link QuiverError} with a stable
 * `QUIVER_ERR_<AREA>_<WHAT>` code. Codes are never renamed or reused; `docs/errors.md` lists
 * each with how to fix it, and `errors.test.ts` keeps the two in step.
 */

const BRAND = Symbol.for('quiver.error');

/** Structured fields an error may carry, so hosts can render it without parsing text. */
export interface QuiverErrorFields {
  plugin?: string;
  tool?: string;
  hook?: string;
  gate?: string;
  file?: string;
  key?: string;
  rule?: string;
  cause?: unknown;
}

/**
 * The one error class of Quiver. Detect it with {@link isQuiverError}, never `instanceof`:
 * a plugin may bring its own copy of `@quiver/core`.
 */
export class QuiverError extends Error implements QuiverErrorFields {
  readonly [BRAND] = true;
  readonly code: ErrorCode;
  plugin?: string;
  tool?: string;
  hook?: string;
  gate?: string;
  file?: string;
  key?: string;
  rule?: string;

  constructor(code: ErrorCode, message: string, fields: QuiverErrorFields = {}) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.name = 'QuiverError';
    this.code = code;
    const { cause: _cause, ...rest } = fields;
    Object.assign(this, rest);
  }
}

/** True for any Quiver error, whichever copy of `@quiver/core` created it. */
export function isQuiverError(e: unknown): e is QuiverError {
  return typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[BRAND] === true;
}

/** Every code, grouped by area. Retired codes stay listed (as comments) and are never reused. */
export const ERROR_CODES = {
  // config
  CONFIG_INVALID: 'QUIVER_ERR_CONFIG_INVALID',
  CONFIG_NOT_FOUND: 'QUIVER_ERR_CONFIG_NOT_FOUND',
  CONFIG_LOAD: 'QUIVER_ERR_CONFIG_LOAD',
  CONFIG_EXTENDS: 'QUIVER_ERR_CONFIG_EXTENDS',
  // plugins and registry
  PLUGIN_NOT_FOUND: 'QUIVER_ERR_PLUGIN_NOT_FOUND',
  PLUGIN_MANIFEST_INVALID: 'QUIVER_ERR_PLUGIN_MANIFEST_INVALID',
  PLUGIN_API_VERSION: 'QUIVER_ERR_PLUGIN_API_VERSION',
  PLUGIN_CORE_RANGE: 'QUIVER_ERR_PLUGIN_CORE_RANGE',
  PLUGIN_ENTRY_MISSING: 'QUIVER_ERR_PLUGIN_ENTRY_MISSING',
  PLUGIN_EXPORT_MISMATCH: 'QUIVER_ERR_PLUGIN_EXPORT_MISMATCH',
  PLUGIN_REGISTER_FAILED: 'QUIVER_ERR_PLUGIN_REGISTER_FAILED',
  TOOL_NAME_INVALID: 'QUIVER_ERR_TOOL_NAME_INVALID',
  TOOL_DUPLICATE: 'QUIVER_ERR_TOOL_DUPLICATE',
  TOOL_UNKNOWN: 'QUIVER_ERR_TOOL_UNKNOWN',
  // container
  SERVICE_MISSING: 'QUIVER_ERR_SERVICE_MISSING',
  SERVICE_REF_INVALID: 'QUIVER_ERR_SERVICE_REF_INVALID',
  // hooks
  HOOK_UNKNOWN: 'QUIVER_ERR_HOOK_UNKNOWN',
  HOOK_FAILED: 'QUIVER_ERR_HOOK_FAILED',
  HOOK_TIMEOUT: 'QUIVER_ERR_HOOK_TIMEOUT',
  HOOK_BLOCKED: 'QUIVER_ERR_HOOK_BLOCKED',
  HOOK_SCRIPT: 'QUIVER_ERR_HOOK_SCRIPT',
  HOOK_OUTPUT_INVALID: 'QUIVER_ERR_HOOK_OUTPUT_INVALID',
  // gates
  PARAM_MISSING: 'QUIVER_ERR_PARAM_MISSING',
  PARAM_INVALID: 'QUIVER_ERR_PARAM_INVALID',
  PATH_MALFORMED: 'QUIVER_ERR_PATH_MALFORMED',
  PATH_OUTSIDE: 'QUIVER_ERR_PATH_OUTSIDE',
  PATH_RESOLVE: 'QUIVER_ERR_PATH_RESOLVE',
  PATH_IGNORED: 'QUIVER_ERR_PATH_IGNORED',
  PATH_PROTECTED: 'QUIVER_ERR_PATH_PROTECTED',
  WORKSPACE_HINT: 'QUIVER_ERR_WORKSPACE_HINT',
  COMMAND_DENIED: 'QUIVER_ERR_COMMAND_DENIED',
  COMMAND_IGNORED: 'QUIVER_ERR_COMMAND_IGNORED',
  APPROVAL_DENIED: 'QUIVER_ERR_APPROVAL_DENIED',
  APPROVAL_UNAVAILABLE: 'QUIVER_ERR_APPROVAL_UNAVAILABLE',
  MODE_RESTRICTED: 'QUIVER_ERR_MODE_RESTRICTED',
  // tools
  TOOL_FAILED: 'QUIVER_ERR_TOOL_FAILED',
  TOOL_TIMEOUT: 'QUIVER_ERR_TOOL_TIMEOUT',
  TOOL_ABORTED: 'QUIVER_ERR_TOOL_ABORTED',
  FILE_NOT_FOUND: 'QUIVER_ERR_FILE_NOT_FOUND',
  FILE_SPECIAL: 'QUIVER_ERR_FILE_SPECIAL',
  FILE_TOO_LARGE: 'QUIVER_ERR_FILE_TOO_LARGE',
  FILE_BINARY: 'QUIVER_ERR_FILE_BINARY',
  FILE_WRITE_FAILED: 'QUIVER_ERR_FILE_WRITE_FAILED',
  EDIT_FAILED: 'QUIVER_ERR_EDIT_FAILED',
  PATCH_FAILED: 'QUIVER_ERR_PATCH_FAILED',
  SEARCH_FAILED: 'QUIVER_ERR_SEARCH_FAILED',
  MISTAKE_LIMIT: 'QUIVER_ERR_MISTAKE_LIMIT',
  // mcp client
  MCP_CONFIG_INVALID: 'QUIVER_ERR_MCP_CONFIG_INVALID',
  MCP_SERVER_UNKNOWN: 'QUIVER_ERR_MCP_SERVER_UNKNOWN',
  MCP_SERVER_DISABLED: 'QUIVER_ERR_MCP_SERVER_DISABLED',
  MCP_CONNECT_FAILED: 'QUIVER_ERR_MCP_CONNECT_FAILED',
  MCP_CALL_FAILED: 'QUIVER_ERR_MCP_CALL_FAILED',
  // web
  WEB_ADDRESS_REFUSED: 'QUIVER_ERR_WEB_ADDRESS_REFUSED',
  WEB_FETCH_FAILED: 'QUIVER_ERR_WEB_FETCH_FAILED',
  WEB_CONTENT_UNSUPPORTED: 'QUIVER_ERR_WEB_CONTENT_UNSUPPORTED',
  WEB_SEARCH_UNCONFIGURED: 'QUIVER_ERR_WEB_SEARCH_UNCONFIGURED',
  WEB_SEARCH_FAILED: 'QUIVER_ERR_WEB_SEARCH_FAILED',
  // hosts (values carry an area, as every code does; unreleased, so renamed before 1.0)
  USAGE: 'QUIVER_ERR_CLI_USAGE',
  BUILD_FAILED: 'QUIVER_ERR_CLI_BUILD_FAILED',
  SCAFFOLD_FAILED: 'QUIVER_ERR_CLI_SCAFFOLD_FAILED',
  PROVIDER: 'QUIVER_ERR_PROVIDER_FAILED',
  // agent loop
  AGENT_MAX_TURNS: 'QUIVER_ERR_AGENT_MAX_TURNS',
  AGENT_NO_COMPLETION: 'QUIVER_ERR_AGENT_NO_COMPLETION',
  AGENT_CANCELLED: 'QUIVER_ERR_AGENT_CANCELLED',
  AGENT_ABORTED: 'QUIVER_ERR_AGENT_ABORTED',
  AGENT_MODEL_MISSING: 'QUIVER_ERR_AGENT_MODEL_MISSING',
} as const;

/** A stable Quiver error code. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Build a Quiver error with a code and structured fields. */
export function quiverError(code: ErrorCode, message: string, fields?: QuiverErrorFields): QuiverError {
  return new QuiverError(code, message, fields);
}
