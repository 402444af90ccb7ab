/** Only ASCII: NFC leaves such text unchanged, so normalising can be skipped. */
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The form both ignore patterns and paths are compared in (SPEC P5): NFC-normalised, then
 * lower-cased, so `Secrets/` matches `secrets`, and a decomposed `é` matches a composed one.
 *
 * @param text - A pattern line or a POSIX relative path.
 * @example
 * matchKey('Cafe\u0301/.ENV'); // 'café/.env'
 */
export function matchKey(text: string): string {
  // Listing walks call this once per entry; normalize() costs far more than the ASCII test.
  return ASCII.test(text) ? text.toLowerCase() : text.normalize('NFC').toLowerCase();
}
