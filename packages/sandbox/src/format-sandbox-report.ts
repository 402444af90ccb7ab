import type { SandboxReport } from '@quiver/core';

/**
 * The text of `quiver sandbox check`: whether the sandbox runs here, and what a command inside
 * it may write, may not read and may reach.
 */
export function formatSandboxReport(report: SandboxReport): string {
  const lines: string[] = [];
  if (report.mode === 'off') lines.push('Sandbox: off (sandbox.mode: "off"): commands run on the host with the command screen only.');
  else if (report.available) lines.push(`Sandbox: ${report.mode}, with ${report.runner}.`);
  else {
    lines.push(`Sandbox: UNAVAILABLE. ${report.unavailableReason}`);
    lines.push(
      report.fallback === 'refuse'
        ? 'Commands are refused (sandbox.fallback: "refuse").'
        : 'Commands run UNSANDBOXED, with the command screen only (sandbox.fallback: "unsandboxed"); every result says so.',
    );
  }
  if (report.mode !== 'off') {
    // Unavailable: nothing below is enforced now; say so rather than list it as if it were.
    if (!report.available) lines.push('With bubblewrap, a command here would get:');
    lines.push(`Writable: ${report.writable.join(', ') || 'nothing'}. Everything else is read-only.`);
    if (report.readOnly.length) lines.push(`Read-only inside the workspace: ${report.readOnly.join(', ')}.`);
    if (report.hostReadable?.length)
      lines.push(`Shown read-only through the private /tmp (programs commands run): ${report.hostReadable.join(', ')}.`);
    lines.push(
      `Also mounted: a fresh /dev and /proc; /tmp and /dev/shm private to each command${report.network === 'allowlist' ? "; the network proxy's socket folder, read-only" : ''}.`,
    );
    lines.push(
      report.masked.length
        ? `Hidden by the ignore rules (${report.masked.length}): ${list(report.masked)}.`
        : 'Hidden by the ignore rules: nothing (no ignored entries).',
    );
    lines.push(`Hidden by sandbox.denyRead: ${report.denyRead.join(', ') || 'nothing'}.`);
    lines.push(
      report.network === 'on'
        ? 'Network: on (sandbox.network: "on").'
        : report.network === 'allowlist'
          ? `Network: only ${report.networkAllow.join(', ')}, through Quiver's proxy (HTTP(S)_PROXY).`
          : 'Network: off (loopback inside the sandbox only).',
    );
    if (report.excludedCommands.length)
      lines.push(`Run on the host, always asking first (sandbox.excludedCommands): ${report.excludedCommands.join(', ')}.`);
    lines.push('Not covered: files outside the workspace that are neither masked nor in sandbox.denyRead stay readable.');
  }
  return lines.join('\n');
}

function list(paths: readonly string[]): string {
  const shown = paths.slice(0, 20).join(', ');
  return paths.length > 20 ? `${shown}, and ${paths.length - 20} more` : shown;
}
