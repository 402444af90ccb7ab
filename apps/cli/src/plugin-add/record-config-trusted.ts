import { checkTrust, recordTrustAsWritten, type TrustStatus } from '@quiver/core/host';

/**
 * The folder's trust before `quiver plugin add` writes its config; take it ahead of the write
 * and hand it to {@link recordConfigTrusted} after.
 * @param dir - the project folder whose config is about to be written.
 */
export function trustBeforeWrite(dir: string): TrustStatus {
  return checkTrust(dir);
}

/**
 * Record the config that `quiver plugin add` just wrote as trusted as written (workspace trust,
 * docs/security.md), so the user's own command does not leave their folder untrusted. Only a
 * folder that was trusted before, or had no config at all, becomes trusted: writing into an
 * untrusted folder never blesses what was already there.
 * @param dir - the project folder whose config was created or changed.
 * @param before - its trust from {@link trustBeforeWrite}, taken before the write.
 * @returns whether the folder is trusted now.
 */
export function recordConfigTrusted(dir: string, before: TrustStatus): boolean {
  return recordTrustAsWritten(dir, before);
}
