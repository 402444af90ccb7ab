/** The port the allowlist bridge listens on inside the sandbox's own network namespace. */
export const PROXY_PORT_INSIDE = 3128;

/**
 * The bridge that runs inside the sandbox (`node -e`, so no file has to be found at run
 * time): it listens on 127.0.0.1:<port>, pipes each connection to the proxy's Unix socket,
 * runs the command as its child with the same stdio, and exits with the command's status.
 * argv: <socket> <port> <program> <args...>
 */
export const FORWARDER_SOURCE = `
const net = require('node:net');
const { spawn } = require('node:child_process');
const [socketPath, port, file, ...args] = process.argv.slice(1);
const server = net.createServer((c) => {
  const u = net.connect(socketPath);
  c.pipe(u); u.pipe(c);
  c.on('error', () => u.destroy()); u.on('error', () => c.destroy());
});
server.listen(Number(port), '127.0.0.1', () => {
  const child = spawn(file, args, { stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
});
server.on('error', (e) => { process.stderr.write('quiver sandbox proxy bridge: ' + e.message + '\\n'); process.exit(125); });
`;
