import type { PermissionDecision, SegmentReport } from '@quiver/core';

/**
 * A human-readable, multi-line account of a permission decision for
 * `quiver permissions check "<cmd>"`: the verdict, each segment with its origin and depth,
 * the rule and pattern that decided it, and the message the model would get.
 *
 * @example console.log(explainDecision(await permissions.check('npm test && rm -rf /')));
 */
export function explainDecision(decision: PermissionDecision): string {
  const lines = [verdictLine(decision)];
  if (decision.reason === 'no_config') {
    lines.push('No commandPermissions are configured: the command was not parsed or restricted (approval still applies).');
    return lines.join('\n');
  }
  if (decision.segments.length) {
    lines.push('Segments:');
    decision.segments.forEach((s, i) => lines.push(`  ${i + 1}. ${segmentLine(s)}`));
  } else if (!decision.allowed) {
    lines.push('Segments: none judged — the command was refused while parsing.');
  }
  lines.push(`Message: ${decision.message}`);
  return lines.join('\n');
}

function verdictLine(d: PermissionDecision): string {
  if (d.allowed) return `Verdict: ALLOWED (${d.reason})`;
  const pattern = d.pattern !== undefined ? `, pattern "${d.pattern}"` : '';
  const at = d.segment !== undefined ? ` at "${d.segment}"` : '';
  return `Verdict: DENIED by ${d.rule ?? '?'} (${d.reason}${pattern})${at}`;
}

const REASONS: Record<string, string> = {
  allowed: 'passes',
  denied: 'matches a deny pattern',
  no_match: 'matches no allow pattern',
  redirect: 'redirects to or from a file',
  dynamic_command: 'command word is not fixed text',
};

function segmentLine(s: SegmentReport): string {
  const verdict = s.allowed ? 'allowed' : 'DENIED';
  let decider = s.rule;
  if (s.pattern !== undefined) decider += `, ${s.allowed ? 'allow' : 'deny'} pattern "${s.pattern}"`;
  else if (s.allowed && s.rule === 'R7') decider += ', no allow list';
  const why = REASONS[s.reason] ?? s.reason;
  return `[${s.origin}, depth ${s.depth}] ${JSON.stringify(s.text)} — ${verdict} (${decider}: ${why})`;
}
