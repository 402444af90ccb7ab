/**
 * The small-file read: a regular file inside a root no bigger than the head sample, read whole
 * synchronously (open, one fstat, read, close on the descriptor: no
 * thread-pool round trip, where the streaming path takes two round trips for a file of a few
 * lines). Anything else is left to the streaming path.
 */
import { closeSync, readSync, type Stats } from 'node:fs';
import { extname } from 'node:path';
import type { ResolvedPath } from '@quiver/core';
import { DOCUMENT_EXTENSIONS } from './extract-document.js';
import { openInsideForReadSync } from './open-for-read.js';
import { IMAGE_MIME_TYPES } from './read-image.js';
import { HEAD_SAMPLE_BYTES } from './read-text-file.js';

/** A small file's stats and bytes. */
export interface SmallFile {
  stats: Stats;
  bytes: Buffer;
}

/** True for a path read as plain text (not an image, not a document to extract). */
export function readsAsText(absolutePath: string): boolean {
  const ext = extname(absolutePath).toLowerCase();
  return !(ext in IMAGE_MIME_TYPES) && !DOCUMENT_EXTENSIONS.has(ext);
}

/**
 * Read `path` (inside a root) whole when it is a regular file of at most
 * {@link HEAD_SAMPLE_BYTES}; undefined for a bigger file, a directory or anything else (the
 * descriptor is closed either way). Throws what `openForRead` throws (not found, P8).
 */
export function readSmallFile(path: ResolvedPath): SmallFile | undefined {
  // The open's check of the descriptor took its stats: the size and mtime come from that one fstat.
  const { fd, stats } = openInsideForReadSync(path);
  try {
    if (!stats.isFile() || stats.size > HEAD_SAMPLE_BYTES) return undefined;
    const bytes = Buffer.allocUnsafe(stats.size);
    let offset = 0;
    while (offset < bytes.length) {
      const n = readSync(fd, bytes, offset, bytes.length - offset, offset);
      if (n === 0) break;
      offset += n;
    }
    return { stats, bytes: offset < bytes.length ? bytes.subarray(0, offset) : bytes };
  } finally {
    closeSync(fd);
  }
}
