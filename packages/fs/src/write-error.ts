import { ERROR_CODES, isQuiverError, quiverError, type QuiverError } from '@quiver/core';

/**
 * Wrap a filesystem failure as `QUIVER_ERR_FILE_WRITE_FAILED`, naming the file and saying
 * that nothing changed, so the model knows it can simply retry or pick another path.
 */
export function writeError(e: unknown, file: string, unchanged: string): QuiverError {
  if (isQuiverError(e)) return e;
  const err = e as NodeJS.ErrnoException;
  const reason = err?.code ? `${err.code}: ${err.message}` : String(err?.message ?? e);
  return quiverError(ERROR_CODES.FILE_WRITE_FAILED, `Could not write '${file}' (${reason}). ${unchanged}`, { file, cause: e });
}

/** Reject a path that is not absolute: atomic writes never guess a base directory. */
export function requireAbsolute(path: string, isAbsolute: (p: string) => boolean): void {
  if (!isAbsolute(path)) {
    throw quiverError(
      ERROR_CODES.FILE_WRITE_FAILED,
      `Could not write '${path}': atomic writes need an absolute path. Resolve it against a workspace root first.`,
      { file: path },
    );
  }
}
