/**
 * The "Creating an MCP Server" guide load_mcp_documentation returns (SPEC Part B §16.16):
 * where servers live, a complete weather server on the TypeScript SDK, how to register it in
 * `mcpServers`, and the settings each entry takes.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the guide says to put servers and settings. */
export interface DocumentationPlaces {
  /** The folder new servers are created in. @default ~/Documents/Quiver/MCP */
  serversDir?: string;
  /** The config file holding `mcpServers`. @default 'quiver.config.json (the workspace config)' */
  settingsPath?: string;
}

/** The default servers folder: `~/Documents/Quiver/MCP`. */
export function defaultServersDir(): string {
  return join(homedir(), 'Documents', 'Quiver', 'MCP');
}

/** The guide, as Markdown. */
export function mcpDocumentation(places: DocumentationPlaces = {}): string {
  const serversDir = places.serversDir ?? defaultServersDir();
  const settingsPath = places.settingsPath ?? 'quiver.config.json (the workspace config)';
  return [intro(serversDir), example(serversDir), register(settingsPath, serversDir), settings(), checklist()].join('\n\n');
}

function intro(serversDir: string): string {
  return `## Creating an MCP Server

The Model Context Protocol (MCP) lets you add tools and resources to this assistant. An MCP
server is a small program that speaks MCP over stdio (a local process) or HTTP (Streamable
HTTP, or SSE for older servers). Once it is listed in the config's \`mcpServers\`, its tools
can be called with \`use_mcp_tool\` and its resources read with \`access_mcp_resource\`.

Create new servers in \`${serversDir}\` unless the user asks for another place. Each server is
its own project folder, for example \`${join(serversDir, 'weather-server')}\`.

When a user asks for a capability such as "get the weather" or "search our wiki", build a
server that provides it: ask for any API key it needs, write the server, build it, add it to
the config, and then use its tools.`;
}

function example(serversDir: string): string {
  return `### Example: a weather server (TypeScript)

\`\`\`bash
cd ${serversDir}
mkdir weather-server && cd weather-server
npm init -y && npm pkg set type=module
npm install @modelcontextprotocol/sdk zod
npm install -D typescript @types/node
\`\`\`

\`src/index.ts\`:

\`\`\`typescript
#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const API_KEY = process.env.OPENWEATHER_API_KEY; // given in the server's "env" in mcpServers
if (!API_KEY) throw new Error('OPENWEATHER_API_KEY is required');

const server = new McpServer({ name: 'weather-server', version: '0.1.0' });

server.registerTool(
  'get_forecast',
  {
    description: 'Weather forecast for a city',
    inputSchema: { city: z.string().describe('City name'), days: z.number().min(1).max(5).optional() },
  },
  async ({ city, days = 3 }) => {
    const url = new URL('https://api.openweathermap.org/data/2.5/forecast');
    url.search = new URLSearchParams({ q: city, cnt: String(days * 8), units: 'metric', appid: API_KEY }).toString();
    const response = await fetch(url);
    if (!response.ok) return { content: [{ type: 'text', text: \`Weather API error: \${response.status}\` }], isError: true };
    return { content: [{ type: 'text', text: JSON.stringify(await response.json(), null, 2) }] };
  },
);

server.registerResource('current-weather', 'weather://San Francisco/current', { mimeType: 'application/json' }, async (uri) => {
  const response = await fetch(\`https://api.openweathermap.org/data/2.5/weather?q=San%20Francisco&units=metric&appid=\${API_KEY}\`);
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: await response.text() }] };
});

await server.connect(new StdioServerTransport());
console.error('weather-server running on stdio'); // stdout carries the protocol: log to stderr
\`\`\`

Build it with \`npx tsc --outDir build --module nodenext --moduleResolution nodenext --target es2022 src/index.ts\`.`;
}

function register(settingsPath: string, serversDir: string): string {
  return `### Registering the server

Add the server to \`mcpServers\` in ${settingsPath}. Keep the servers already there.

\`\`\`json
{
  "mcpServers": {
    "weather": {
      "command": "node",
      "args": ["${join(serversDir, 'weather-server', 'build', 'index.js')}"],
      "env": { "OPENWEATHER_API_KEY": "\${env:OPENWEATHER_API_KEY}" },
      "disabled": false,
      "autoApprove": []
    }
  }
}
\`\`\`

When the config file is watched, the new server is picked up as soon as the file is saved;
otherwise the user restarts the session. Connections are opened on first use.`;
}

function settings(): string {
  return `### Settings of an mcpServers entry

| key | meaning |
| --- | --- |
| \`command\`, \`args\`, \`env\`, \`cwd\` | A local server started as a process, speaking MCP on stdin/stdout. |
| \`url\`, \`headers\` | A remote server. Without \`type\`, Streamable HTTP is tried first, then SSE. |
| \`type\` | \`stdio\`, \`streamableHttp\` (or \`http\`), or \`sse\`. |
| \`disabled\` | \`true\` keeps the entry but does not connect. Default \`false\`. |
| \`autoApprove\` | Tool names that run without asking the user. Default \`[]\`. |
| \`timeout\` | Seconds per request, at least 1. Default 60. |

\`\${env:NAME}\` in \`command\`, \`args\`, \`env\`, \`cwd\`, \`url\` and \`headers\` is replaced by the
environment variable NAME, so secrets stay out of the file.`;
}

function checklist(): string {
  return `### Checklist

- Log to stderr only; stdout is the protocol channel of a stdio server.
- Give every tool a clear description and an input schema; return \`isError: true\` with a
  helpful message instead of throwing.
- Ask the user for API keys and pass them through \`env\`; never write a key into source.
- After adding the server, call one of its tools with \`use_mcp_tool\` to check that it works.`;
}
