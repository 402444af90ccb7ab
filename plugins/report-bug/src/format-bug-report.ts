import { arch, platform, release, type } from 'node:os';

/** What the model wrote about the bug. */
export interface BugReportFields {
  title: string;
  what_happened: string;
  steps_to_reproduce: string;
  api_request_output?: string;
  additional_context?: string;
}

/** Where the bug happened (the baseline's provider_and_model, operating_system, system_info, version). */
export interface BugEnvironment {
  quiverVersion: string;
  model: string;
  operatingSystem: string;
  systemInfo: string;
}

/** The environment of this process. */
export function currentEnvironment(quiverVersion: string, modelId: string | undefined): BugEnvironment {
  return {
    quiverVersion,
    model: modelId ?? 'unknown',
    operatingSystem: `${type()} ${release()} (${platform()} ${arch()})`,
    systemInfo: `Node ${process.version}`,
  };
}

/**
 * The report as Markdown, ready to paste into an issue: the model's sections, the API output
 * in a code fence that no backtick run inside it can close, then the environment.
 */
export function formatBugReport(fields: BugReportFields, env: BugEnvironment): string {
  const sections = [
    `# ${fields.title.trim()}`,
    section('What happened', fields.what_happened),
    section('Steps to reproduce', fields.steps_to_reproduce),
  ];
  if (fields.api_request_output?.trim()) sections.push(`## API request output\n\n${fenced(fields.api_request_output.trim())}`);
  if (fields.additional_context?.trim()) sections.push(section('Additional context', fields.additional_context));
  sections.push(
    '## Environment\n\n' +
      `- Quiver: ${env.quiverVersion}\n- Model: ${env.model}\n- Operating system: ${env.operatingSystem}\n- System: ${env.systemInfo}`,
  );
  return `${sections.join('\n\n')}\n`;
}

function section(heading: string, text: string): string {
  return `## ${heading}\n\n${text.trim()}`;
}

function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}
