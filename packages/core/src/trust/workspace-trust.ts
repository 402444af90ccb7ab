/** The host's trust decision for its workspace folder (`core.trust`); plugins that run the folder's own programs read it. */
export interface WorkspaceTrust {
  /** True when the user trusts the folder (or named the config themselves). */
  readonly trusted: boolean;
  /** The folder the decision is about (real path). */
  readonly folder: string;
}

/**
 * The one warning an untrusted folder's config gets: what was left out, and how to trust it.
 * @example
 * untrustedWarning('/repo', ['hooks (PreToolUse: ./x.sh)']);
 */
export function untrustedWarning(folder: string, ignored: readonly string[]): string {
  return (
    `${folder} is not a trusted folder, so its config applies without: ${ignored.join('; ')}. ` +
    `If you trust this folder, run 'quiver trust ${folder}' (or pass --trust for one run); read its config first.`
  );
}
