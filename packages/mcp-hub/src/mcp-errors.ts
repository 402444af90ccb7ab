import { defineErrorCodes } from '@quiver/core';

/** The MCP client's error codes; `use_mcp_tool` and `access_mcp_resource` raise them too. */
export const MCP_ERRORS = defineErrorCodes('@quiver/mcp-hub', {
  MCP_CONFIG_INVALID: {
    code: 'QUIVER_ERR_MCP_CONFIG_INVALID',
    meaning:
      'An `mcpServers` entry is malformed: neither `command` nor `url`, a `url` that is not http(s), a `type` that does not fit the fields, or a watched config file that no longer parses (the servers in use are kept).',
    fix: 'Fix the entry: stdio servers need `command`, HTTP and SSE servers a valid `url`.',
  },
  MCP_SERVER_UNKNOWN: {
    code: 'QUIVER_ERR_MCP_SERVER_UNKNOWN',
    meaning: 'A call names an MCP server that is not in the config (`No connection found for server: <name>`). Counts a mistake.',
    fix: 'Use one of the servers the message lists, or add the server to `mcpServers`.',
  },
  MCP_SERVER_DISABLED: {
    code: 'QUIVER_ERR_MCP_SERVER_DISABLED',
    meaning: 'The server is in the config with `disabled: true`.',
    fix: 'Use another server, or ask the user to enable this one.',
  },
  MCP_CONNECT_FAILED: {
    code: 'QUIVER_ERR_MCP_CONNECT_FAILED',
    meaning:
      "Connecting to the server failed: the command could not start or exited, the URL did not answer as Streamable HTTP or SSE, or the server did not finish the handshake in time. The message has the server's error and its stderr tail.",
    fix: "Check the server's `command`/`args`/`env` or `url`/`headers`; run the command by hand to see its error.",
  },
  MCP_CALL_FAILED: {
    code: 'QUIVER_ERR_MCP_CALL_FAILED',
    meaning:
      'The server answered a `tools/call` or `resources/read` with a protocol error (an unknown tool or resource, invalid arguments).',
    fix: "Read the server's message; list the server's tools or resources and retry with valid ones.",
  },
});
