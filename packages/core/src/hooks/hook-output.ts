import { z } from 'zod';
import type { HookName } from './hook-names.js';

/**
 * The JSON a command hook may print on stdout (Claude Code's shape). Unknown keys are allowed
 * (`suppressOutput`, `systemMessage`, `hookEventName` and future ones); a known key with the
 * wrong type or value is invalid, because acting on half of an answer is guessing.
 */
const hookJsonSchema = z.looseObject({
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  decision: z.enum(['block', 'approve']).optional(),
  reason: z.string().optional(),
  hookSpecificOutput: z
    .looseObject({
      permissionDecision: z.enum(['allow', 'ask', 'deny']).optional(),
      permissionDecisionReason: z.string().optional(),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      additionalContext: z.string().optional(),
    })
    .optional(),
});

/** A hook's JSON answer, checked. */
export type HookJson = z.infer<typeof hookJsonSchema>;

/** What a hook printed on stdout: nothing, checked JSON, plain text, or garbage. */
export type HookOutput =
  | { kind: 'empty' }
  | { kind: 'json'; json: HookJson }
  | { kind: 'text'; text: string }
  | { kind: 'invalid'; why: string };

/**
 * Plain-text stdout is allowed everywhere but PreToolUse: there it would be a decision nobody
 * can read (Claude Code drops it and lets the call run), so it counts as invalid output. Elsewhere
 * text is context (UserPromptSubmit, the task lifecycle) or a log line (PostToolUse).
 */
const TEXT_IS_INVALID: ReadonlySet<HookName> = new Set<HookName>(['PreToolUse']);

/** Read a hook's stdout for `event`: JSON that fails to parse or fails the schema is `invalid`. */
export function parseHookOutput(event: HookName, stdout: string): HookOutput {
  const text = stdout.trim();
  if (text === '') return { kind: 'empty' };
  if (!text.startsWith('{') && !text.startsWith('[')) {
    return TEXT_IS_INVALID.has(event)
      ? { kind: 'invalid', why: `${event} hooks answer with JSON, but it printed plain text (${preview(text)})` }
      : { kind: 'text', text };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { kind: 'invalid', why: `its output is not valid JSON (${(e as Error).message})` };
  }
  const checked = hookJsonSchema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the output';
    return { kind: 'invalid', why: `${where} is not valid hook JSON (${issue?.message ?? 'expected an object'})` };
  }
  return { kind: 'json', json: checked.data };
}

function preview(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}
