import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { ERROR_CODES, quiverError } from '../errors.js';
import { configFingerprint, type ConfigFingerprint } from './config-fingerprint.js';
import { realFolder } from './real-folder.js';

/** The variable that moves the trust store (tests, several profiles). */
export const TRUST_STORE_ENV = 'QUIVER_TRUST_STORE';

/** One trusted folder. */
export interface TrustEntry {
  /** The folder's real path. */
  folder: string;
  /** The config fingerprint it was trusted with. */
  hash: string;
  /** The files that fingerprint covers. */
  files: string[];
  /** ISO time of the decision. */
  trustedAt: string;
}

/** A folder's trust, as {@link checkTrust} finds it. */
export interface TrustStatus {
  trusted: boolean;
  /** The folder's real path. */
  folder: string;
  /** What its config is now. */
  fingerprint: ConfigFingerprint;
  /** The entry that decided: the folder's own, or a trusted folder above it. */
  entry?: TrustEntry;
  /** True when an entry exists but the config changed since (so it asks again). */
  changed?: boolean;
  /** Why the store could not be read, when it could not (nothing counts as trusted then). */
  problem?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

interface StoreFile {
  version: 1;
  folders: Record<string, Omit<TrustEntry, 'folder'>>;
}

/**
 * Where trust decisions are kept: `$QUIVER_TRUST_STORE`, else
 * `$XDG_CONFIG_HOME/quiver/trusted-folders.json`, else `~/.config/quiver/trusted-folders.json`.
 */
export function trustStorePath(env: Env = process.env): string {
  if (env[TRUST_STORE_ENV]) return env[TRUST_STORE_ENV]!;
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'quiver', 'trusted-folders.json');
}

/**
 * Is `folder` trusted? Its own entry or the nearest trusted folder above it decides, and only
 * while the config fingerprint still matches: a changed config (or hook script) is untrusted
 * until the user trusts it again. A store that cannot be read trusts nothing.
 * @example
 * if (!checkTrust('/repo').trusted) console.error('run quiver trust /repo');
 */
export function checkTrust(folder: string, env: Env = process.env): TrustStatus {
  const real = realFolder(folder);
  const fingerprint = configFingerprint(real);
  let store: StoreFile;
  try {
    store = readStore(trustStorePath(env));
  } catch (e) {
    return { trusted: false, folder: real, fingerprint, problem: (e as Error).message };
  }
  for (let dir = real; ; dir = dirname(dir)) {
    const found = store.folders[dir];
    if (found) {
      const entry = { folder: dir, ...found };
      return found.hash === fingerprint.hash
        ? { trusted: true, folder: real, fingerprint, entry }
        : { trusted: false, folder: real, fingerprint, entry, changed: true };
    }
    if (dirname(dir) === dir) return { trusted: false, folder: real, fingerprint };
  }
}

/** Trust `folder` with its config as it is now (`quiver trust`, an accepted prompt). */
export function trustFolder(folder: string, env: Env = process.env): TrustEntry {
  const real = realFolder(folder);
  const { hash, files } = configFingerprint(real);
  const entry = { hash, files, trustedAt: new Date().toISOString() };
  updateStore(env, (store) => void (store.folders[real] = entry));
  return { folder: real, ...entry };
}

/** Forget `folder`'s trust; true when there was an entry. */
export function revokeFolder(folder: string, env: Env = process.env): boolean {
  const real = realFolder(folder);
  let had = false;
  updateStore(env, (store) => {
    had = real in store.folders;
    delete store.folders[real];
  });
  return had;
}

/** Every trusted folder, sorted. */
export function listTrusted(env: Env = process.env): TrustEntry[] {
  const store = readStore(trustStorePath(env));
  return Object.entries(store.folders)
    .map(([folder, e]) => ({ folder, ...e }))
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

/**
 * For a command that writes a folder's config on the user's behalf (`quiver plugin add`):
 * take `before` (from {@link checkTrust}) ahead of the write, call this after it. The config
 * as written is trusted when the folder was trusted before, or had no config files at all
 * (Quiver wrote the whole config); a folder that was untrusted stays untrusted, so writing
 * into it never blesses what was already there.
 * @returns whether the folder is trusted now
 * @example
 * const before = checkTrust(dir);
 * await writeFile(join(dir, 'quiver.config.json'), text);
 * recordTrustAsWritten(dir, before);
 */
export function recordTrustAsWritten(folder: string, before: TrustStatus, env: Env = process.env): boolean {
  if (!before.trusted && before.fingerprint.files.length > 0) return false;
  trustFolder(folder, env);
  return true;
}

function readStore(file: string): StoreFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, folders: {} };
    throw storeError(file, (e as Error).message, e);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw storeError(file, `it is not valid JSON (${(e as Error).message})`, e);
  }
  const folders = (value as { folders?: unknown } | null)?.folders;
  if (typeof folders !== 'object' || folders === null || Array.isArray(folders)) throw storeError(file, 'it has no "folders" object');
  const out: StoreFile = { version: 1, folders: {} };
  for (const [folder, e] of Object.entries(folders as Record<string, unknown>)) {
    const entry = e as Partial<TrustEntry> | null;
    // A malformed entry trusts nothing; the rest of the store still counts.
    if (folder.startsWith(sep) && typeof entry?.hash === 'string') {
      out.folders[folder] = {
        hash: entry.hash,
        files: Array.isArray(entry.files) ? entry.files.filter((f) => typeof f === 'string') : [],
        trustedAt: String(entry.trustedAt ?? ''),
      };
    }
  }
  return out;
}

function updateStore(env: Env, change: (store: StoreFile) => void): void {
  const file = trustStorePath(env);
  const store = readStore(file);
  change(store);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

function storeError(file: string, why: string, cause?: unknown) {
  return quiverError(
    ERROR_CODES.TRUST_STORE,
    `The trust store ${file} cannot be read: ${why}. Fix or delete it (then trust your folders again with 'quiver trust DIR'); until then no folder counts as trusted.`,
    { file, cause },
  );
}
