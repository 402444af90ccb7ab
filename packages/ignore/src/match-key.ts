/**
 * The form both ignore patterns and paths are compared in (SPEC P5): NFC-normalised, then
 * lower-cased, so `Secrets/` matches `secrets`, and a decomposed `é` matches a composed one.
 *
 * @param text - A pattern line or a POSIX relative path.
 * @example
 * matchKey('Cafe\u0301/.ENV'); // 'café/.env'
 */
export function matchKey(text: string): string {
  return text.normalize('NFC').toLowerCase();
}
