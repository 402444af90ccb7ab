import { ERROR_CODES, isQuiverError, quiverError, type QuiverError } from '@quiver/core';
import type { CommandAnalysisDenial } from './shell-types.js';

/** Machine reasons an analysis can fail with. */
export type DenialCode = 'parse_error' | 'unsafe_syntax' | 'wrapper_option' | 'limit';

interface DenialFields {
  subject?: string;
  denialCode: DenialCode;
}

/**
 * A refusal found deep in the walk. It is thrown to unwind the walk and turned back into a
 * {@link CommandAnalysisDenial} by `analyzeCommand`; it never leaves this package.
 */
export function shellDenial(rule: string, denialCode: DenialCode, reason: string, subject?: string): QuiverError {
  const error = quiverError(ERROR_CODES.COMMAND_DENIED, reason, { rule, gate: 'command-permissions' });
  const fields: DenialFields = { subject, denialCode };
  return Object.assign(error, fields);
}

/** The denial a thrown value stands for; anything unexpected is an R9 failure (fail closed). */
export function toAnalysisDenial(e: unknown): CommandAnalysisDenial {
  if (isQuiverError(e) && e.rule && (e as QuiverError & Partial<DenialFields>).denialCode) {
    const { subject, denialCode } = e as QuiverError & DenialFields;
    return { ok: false, rule: e.rule, reason: e.message, subject, code: denialCode };
  }
  const detail = e instanceof Error ? e.message : String(e);
  return {
    ok: false,
    rule: 'R9',
    reason: `the command could not be analysed (${detail.slice(0, 200)}), and an analysis failure denies`,
    code: 'limit',
  };
}
