/**
 * Text encoding detection and decoding for read_file: BOMs first, then a NUL-byte binary
 * screen, then strict UTF-8, then jschardet (loaded only when a file is not UTF-8), decoded
 * with iconv-lite (also loaded only when needed).
 */
import { ERROR_CODES, quiverError } from '@quiver/core';

/** How a file's bytes become text. */
export interface TextEncoding {
  /** An iconv-lite encoding name (`utf8` for UTF-8). */
  name: string;
  /** Bytes of byte-order mark to skip at the start of the file. */
  bom: number;
  /** Byte 0x0A is always a line feed (false for UTF-16/32), so lines can be found in bytes. */
  asciiCompatible: boolean;
}

const UTF8: TextEncoding = { name: 'utf8', bom: 0, asciiCompatible: true };
// jschardet guesses below this confidence are noise (it reports 0.01 for wild guesses).
const MIN_CONFIDENCE = 0.2;
// The single-byte code page that decodes every byte: the fallback for unrecognised 8-bit text.
const FALLBACK_8BIT = 'windows-1252';

/** The byte-order mark at the start of `head`, if any. */
function encodingFromBom(head: Buffer): TextEncoding | undefined {
  const b = head;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { ...UTF8, bom: 3 };
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return { name: 'utf-32le', bom: 4, asciiCompatible: false };
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return { name: 'utf-32be', bom: 4, asciiCompatible: false };
  if (b[0] === 0xff && b[1] === 0xfe) return { name: 'utf-16le', bom: 2, asciiCompatible: false };
  if (b[0] === 0xfe && b[1] === 0xff) return { name: 'utf-16be', bom: 2, asciiCompatible: false };
  return undefined;
}

/**
 * True when `bytes` is valid UTF-8. For a sample cut from a longer file (`partial`), a
 * multi-byte sequence cut off at the end is not an error.
 */
export function isValidUtf8(bytes: Uint8Array, partial = false): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
    return true;
  } catch {
    return false;
  }
}

/** The refusal for a file that is not text. */
export function binaryFileError(ext: string, why: string): Error {
  const type = ext || '(no extension)';
  return quiverError(
    ERROR_CODES.FILE_BINARY,
    `Cannot read text for file type: ${type}. ${why} read_file reads text files, images (.png, .jpg, .jpeg, .webp), ` +
      '.pdf, .docx, .ipynb and .xlsx. For other binary formats use execute_command with a tool made for them ' +
      '(for example `file`, `strings` or `xxd | head`).',
  );
}

/** Where {@link detectEncoding} may look. */
export interface EncodingSample {
  /** The start of the file: BOMs and NUL bytes are looked for here. */
  head: Buffer;
  /** The whole file, when it is in memory: UTF-8 validity is then checked on all of it. */
  full?: Buffer;
  /** `head` is the whole file. */
  complete?: boolean;
}

// jschardet is plain JavaScript; a megabyte is plenty to guess a code page from.
const GUESS_SAMPLE_BYTES = 1024 * 1024;

/**
 * Pick the encoding of a file.
 * @param ext the lowercased extension with its dot, or '' (the baseline refuses undetectable
 *   files only when they have an extension)
 * @throws QuiverError `QUIVER_ERR_FILE_BINARY` for NUL bytes in the head without a UTF-16/32
 *   BOM, or bytes no encoding explains in a file with an extension
 */
export async function detectEncoding(sample: EncodingSample, ext: string): Promise<TextEncoding> {
  const { head, full } = sample;
  const bom = encodingFromBom(head);
  if (bom) return bom;
  if (head.includes(0)) throw binaryFileError(ext, 'The file contains NUL bytes, so it is binary, not text.');
  if (full ? isValidUtf8(full) : isValidUtf8(head, !sample.complete)) return UTF8;
  const { default: jschardet } = await import('jschardet');
  const iconv = await loadIconv();
  const bytes = full ?? head;
  const guesses = jschardet.detectAll(bytes.length > GUESS_SAMPLE_BYTES ? bytes.subarray(0, GUESS_SAMPLE_BYTES) : bytes);
  if (guesses.length === 0 && ext) throw binaryFileError(ext, 'Its bytes are neither UTF-8 nor a recognised text encoding.');
  const usable = guesses.find((g) => g.confidence >= MIN_CONFIDENCE && iconv.encodingExists(g.encoding));
  // "ascii"/"UTF-8" for bytes that are not valid UTF-8 means the odd bytes were not sampled.
  const name = usable && !/^(ascii|utf-?8)$/i.test(usable.encoding) ? usable.encoding : FALLBACK_8BIT;
  return { name, bom: 0, asciiCompatible: !/^utf-?(16|32)/i.test(name) };
}

type Iconv = typeof import('iconv-lite');
let iconvModule: Promise<Iconv> | undefined;

/** iconv-lite, imported on first use (it is not needed for UTF-8 files). */
function loadIconv(): Promise<Iconv> {
  iconvModule ??= import('iconv-lite').then((m) => ((m as { default?: Iconv }).default ?? m) as Iconv);
  return iconvModule;
}

/**
 * A synchronous decoder for `encoding` (loading iconv-lite first when the encoding is not
 * UTF-8). The decoder never strips a BOM: callers skip `encoding.bom` bytes themselves.
 */
export async function createDecoder(encoding: TextEncoding): Promise<(bytes: Buffer) => string> {
  if (encoding.name === 'utf8') return (bytes) => bytes.toString('utf8');
  const iconv = await loadIconv();
  return (bytes) => iconv.decode(bytes, encoding.name, { stripBOM: false });
}
