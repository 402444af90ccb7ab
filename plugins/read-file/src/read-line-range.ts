/**
 * Reads lines `start`–`end` of a file of any size in bounded memory: the file is read in
 * chunks through one fixed-size buffer, newlines are found with `Buffer.indexOf` (memchr),
 * and only the bytes of the requested lines are copied and decoded. Nothing outside the range
 * ever becomes a string, so a 2 GB log costs one buffer plus the lines shown.
 */
import type { FileHandle } from 'node:fs/promises';
import { ERROR_CODES, quiverError } from '@quiver/core';

/** Size of the one read buffer. @default 1 MiB */
export const READ_BUFFER_BYTES = 1024 * 1024;

/**
 * A range read scans at most this many bytes looking for its lines (SPEC R1): a line far
 * beyond it (or past the end of a huge sparse file, which is one endless line of zeros)
 * is an error, not a minute-long scan.
 */
export const MAX_SCAN_BYTES = 1024 * 1024 * 1024;

/** What to read. Lines are 1-based and inclusive; bytes 0x0A end lines (ASCII-compatible encodings). */
export interface LineRangeRequest {
  start: number;
  end: number;
  /** Decodes the bytes of one line (without its `\n`). */
  decode: (bytes: Buffer) => string;
  /** Bytes to skip at the start of the file (a byte-order mark). @default 0 */
  skip?: number;
  /** Stop collecting once the shown lines would exceed this many characters. */
  maxChars: number;
  /** Keep scanning to the end for the exact line count; otherwise stop after `end`. */
  countAll: boolean;
  /** @default READ_BUFFER_BYTES */
  bufferBytes?: number;
  /** Give up (with `QUIVER_ERR_FILE_TOO_LARGE`) when the range is not reached within this many bytes. @default MAX_SCAN_BYTES */
  maxScanBytes?: number;
  signal?: AbortSignal;
}

/** The lines read, from `start` on. */
export interface LineRangeResult {
  lines: string[];
  /** The file's exact line count, when the scan reached the end of the file. */
  total?: number;
  /** The range did not fit in `maxChars`: `lines` stops early. */
  cut: boolean;
  /** The one line shown was itself longer than `maxChars` and is cut short. */
  lineCut: boolean;
}

interface ScanState {
  line: number;
  pieces: Buffer[];
  pieceBytes: number;
  lineTooLong: boolean;
  chars: number;
  collecting: boolean;
  result: LineRangeResult;
}

/**
 * Read lines `start`–`end` of an open file. Lines keep no `\r` before their `\n`; a final
 * newline adds no line (as {@link splitLines} does for in-memory text).
 */
export async function readLineRange(handle: FileHandle, request: LineRangeRequest): Promise<LineRangeResult> {
  const buffer = Buffer.allocUnsafe(request.bufferBytes ?? READ_BUFFER_BYTES);
  const state: ScanState = {
    line: 1,
    pieces: [],
    pieceBytes: 0,
    lineTooLong: false,
    chars: 0,
    collecting: true,
    result: { lines: [], cut: false, lineCut: false },
  };
  let position = request.skip ?? 0;
  let lastByte = -1;
  const maxScan = (request.skip ?? 0) + (request.maxScanBytes ?? MAX_SCAN_BYTES);
  for (;;) {
    if (request.signal?.aborted) throw quiverError(ERROR_CODES.TOOL_ABORTED, 'read_file was cancelled.');
    // The lines wanted are still ahead after the scan budget: stop (a counting-only scan stops too).
    if (position >= maxScan && (state.line <= request.end || request.countAll)) {
      if (state.line > request.end) return state.result;
      throw scanLimit(state.line, request, position);
    }
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const chunk = buffer.subarray(0, bytesRead);
    lastByte = chunk[bytesRead - 1];
    scanChunk(chunk, state, request);
    if (!request.countAll && (state.line > request.end || !state.collecting)) {
      // Stopped early: the total is known only when this chunk was the end of the file.
      if (position >= (await handle.stat()).size) state.result.total = lineTotal(state.line, lastByte);
      return state.result;
    }
  }
  if (state.pieces.length > 0 || state.lineTooLong) finishLine(state, request);
  state.result.total = lineTotal(state.line, lastByte);
  return state.result;
}

function scanLimit(line: number, request: LineRangeRequest, scanned: number) {
  const mb = Math.round(scanned / 1024 / 1024);
  return quiverError(
    ERROR_CODES.FILE_TOO_LARGE,
    `read_file scanned the first ${mb} MB of the file and reached only line ${line}, not line ${request.start} (a file this large, or a very long line, cannot be read that far). Read an earlier range, or use search_files to find the lines you need.`,
  );
}

/** Lines in a file whose scan ended on line `line`: a final newline adds no line. */
function lineTotal(line: number, lastByte: number): number {
  return lastByte === -1 || lastByte === 0x0a ? line - 1 : line;
}

/** Count `\n` bytes; the fast path once the range is behind us. */
export function countNewlines(chunk: Buffer): number {
  let count = 0;
  for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) count++;
  return count;
}

/** Walk one chunk: advance the line counter and collect the bytes of lines in range. */
function scanChunk(chunk: Buffer, state: ScanState, request: LineRangeRequest): void {
  let from = 0;
  while (from < chunk.length) {
    if (!state.collecting || state.line > request.end) {
      state.line += countNewlines(from === 0 ? chunk : chunk.subarray(from));
      return;
    }
    const inRange = state.line >= request.start;
    const newline = chunk.indexOf(0x0a, from);
    const stop = newline === -1 ? chunk.length : newline;
    if (inRange) collect(chunk.subarray(from, stop), state, request);
    if (newline === -1) return;
    if (inRange) finishLine(state, request);
    state.line++;
    from = newline + 1;
  }
}

/** Copy part of the current line, never more than the character budget can use. */
function collect(bytes: Buffer, state: ScanState, request: LineRangeRequest): void {
  // A character takes at most 4 bytes, so 4 bytes per remaining character always suffice.
  const room = Math.max(0, (request.maxChars - state.chars) * 4 + 4 - state.pieceBytes);
  if (bytes.length > room) state.lineTooLong = true;
  const kept = bytes.length > room ? bytes.subarray(0, room) : bytes;
  if (kept.length === 0) return;
  state.pieces.push(Buffer.from(kept));
  state.pieceBytes += kept.length;
}

/** Decode the collected line and add it, unless it no longer fits. */
function finishLine(state: ScanState, request: LineRangeRequest): void {
  const bytes = state.pieces.length === 1 ? state.pieces[0] : Buffer.concat(state.pieces);
  let text = request.decode(bytes);
  if (!state.lineTooLong && text.endsWith('\r')) text = text.slice(0, -1);
  state.pieces = [];
  state.pieceBytes = 0;
  state.lineTooLong = false;
  const { result } = state;
  const cost = text.length + (result.lines.length > 0 ? 1 : 0);
  if (state.chars + cost <= request.maxChars) {
    result.lines.push(text);
    state.chars += cost;
    return;
  }
  if (result.lines.length === 0) {
    result.lines.push(text.slice(0, request.maxChars));
    result.lineCut = true;
  }
  result.cut = true;
  state.collecting = false;
}
