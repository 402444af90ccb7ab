import type { CommandInput, CommandPermissionService, CommandPermissionsConfig, PermissionDecision, SegmentReport } from '@quiver/core';
import { analyzeCommand, commandText } from './analyze-command.js';
import { deniedMessage, insteadText } from './decision-message.js';
import { judgeSegment, type SegmentVerdict } from './judge-segment.js';
import type { CommandAnalysisDenial } from './shell-types.js';

const ANALYSIS_REASON: Record<string, string> = { R1: 'unsafe_syntax', R8: 'wrapper_option', R9: 'limit' };

/**
 * The command-permission service (SPEC R1–R9), registered as `core.permissions`. Without a
 * config every command is allowed unparsed (`no_config`); approval still applies. With one,
 * the command is parsed and every segment — nested and unwrapped ones included — must pass.
 *
 * @param config - allow/deny patterns and `allowRedirects`, usually from {@link resolveCommandPermissionsConfig}
 * @example
 * const permissions = createCommandPermissions({ allow: ['npm *', 'git *'], deny: ['git push *'] });
 * (await permissions.check('npm test && git push')).allowed // false (R7, "git push *")
 */
export function createCommandPermissions(config?: CommandPermissionsConfig): CommandPermissionService {
  const frozen = config ? Object.freeze({ ...config }) : undefined;
  return {
    async check(command): Promise<PermissionDecision> {
      if (!frozen) return noConfigDecision();
      return checkCommand(frozen, command);
    },
  };
}

function noConfigDecision(): PermissionDecision {
  return {
    allowed: true,
    reason: 'no_config',
    message: 'No command permissions are configured, so the command is not restricted (approval still applies).',
    segments: [],
  };
}

async function checkCommand(config: CommandPermissionsConfig, input: CommandInput): Promise<PermissionDecision> {
  const analysis = await analyzeCommand(input);
  const command = commandText(input);
  if (!analysis.ok) return analysisDenied(config, command, analysis);
  const verdicts = analysis.segments.map((segment) => judgeSegment(config, segment));
  const segments: SegmentReport[] = verdicts.map((v) => v.report);
  const failed = verdicts.find((v) => !v.report.allowed);
  if (failed) return segmentDenied(config, command, failed, segments);
  return {
    allowed: true,
    reason: 'allowed',
    message: `Command allowed: all ${segments.length} segment(s) pass the command permissions.`,
    segments,
  };
}

function analysisDenied(config: CommandPermissionsConfig, command: string, denial: CommandAnalysisDenial): PermissionDecision {
  const reason = denial.code ?? ANALYSIS_REASON[denial.rule] ?? 'unsafe_syntax';
  const at = denial.subject !== undefined ? ` (at "${denial.subject}")` : '';
  return {
    allowed: false,
    reason,
    rule: denial.rule,
    segment: denial.subject,
    message: deniedMessage(command, denial.rule, `${denial.reason}${at}`, insteadText(denial.rule, reason, config)),
    segments: [],
  };
}

function segmentDenied(
  config: CommandPermissionsConfig,
  command: string,
  failed: SegmentVerdict,
  segments: SegmentReport[],
): PermissionDecision {
  const { report } = failed;
  return {
    allowed: false,
    reason: report.reason,
    rule: report.rule,
    pattern: report.pattern,
    segment: report.text,
    message: deniedMessage(command, report.rule, whyText(failed), insteadText(report.rule, report.reason, config)),
    segments,
  };
}

function whyText({ report, offender }: SegmentVerdict): string {
  const where = report.depth > 0 ? ` (${report.origin}, depth ${report.depth})` : '';
  const segment = `segment "${report.text}"${where}`;
  switch (report.reason) {
    case 'dynamic_command':
      return `the command word ${offender} of ${segment} is not fixed text (it contains an expansion, a glob or { or starts with ~), so what would run cannot be known`;
    case 'redirect':
      return `${segment} redirects to or from a file (${offender}) and allowRedirects is not enabled`;
    case 'denied':
      return `${segment} matches the deny pattern "${report.pattern}"`;
    default:
      return `${segment} matches no allow pattern`;
  }
}
