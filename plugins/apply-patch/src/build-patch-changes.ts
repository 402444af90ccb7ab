import type { AtomicChange } from '@quiver/fs';
import { applyChunks } from './apply-chunks.js';
import type { LoadedFile, PatchTargets } from './load-patch-targets.js';
import type { PatchedFile } from './format-patch-result.js';
import type { PatchAction } from './patch-types.js';

/** The file changes a parsed patch makes, and what to report for each. */
export interface PatchChanges {
  changes: AtomicChange[];
  report: PatchedFile[];
  /** Absolute paths whose read-cache entries must go. */
  touched: string[];
}

/**
 * Turn the parsed actions into atomic file changes. Updated files keep their line ending
 * (CRLF files stay CRLF) and BOM; a Move writes the new path and deletes the old one.
 */
export function buildPatchChanges(actions: readonly PatchAction[], targets: PatchTargets): PatchChanges {
  const out: PatchChanges = { changes: [], report: [], touched: [] };
  const abs = (p: string) => targets.resolved.get(p)!.resolved;
  for (const action of actions) {
    if (action.type === 'delete') {
      out.changes.push({ path: abs(action.path), delete: true });
      out.report.push({ path: action.path });
      out.touched.push(abs(action.path));
    } else if (action.type === 'add') {
      out.changes.push({ path: abs(action.path), data: action.content });
      out.report.push({ path: action.path, content: action.content });
      out.touched.push(abs(action.path));
    } else {
      const file = targets.files[action.path];
      const content = withFinalNewline(applyChunks(file.text.split('\n'), action.chunks, action.path).join('\n'));
      const dest = action.movePath ?? action.path;
      out.changes.push({ path: abs(dest), data: encode(content, file) });
      if (action.movePath) out.changes.push({ path: abs(action.path), delete: true });
      out.report.push({ path: dest, content });
      if (action.movePath) out.report.push({ path: action.path });
      out.touched.push(abs(dest), ...(action.movePath ? [abs(action.path)] : []));
    }
  }
  return out;
}

/** An updated file ends with a newline, as Codex leaves it (a file that had none gets one). */
function withFinalNewline(content: string): string {
  return content === '' || content.endsWith('\n') ? content : `${content}\n`;
}

function encode(content: string, file: LoadedFile): string {
  return file.bom + (file.eol === '\n' ? content : content.replace(/\n/g, '\r\n'));
}
