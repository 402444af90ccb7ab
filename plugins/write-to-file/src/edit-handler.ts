import {
  ERROR_CODES,
  responses,
  screenPath,
  type PartialBlockUi,
  type ResolvedPath,
  type TaskConfig,
  type ToolBlock,
  type ToolResult,
} from '@quiver/core';
import { writeFileAtomic } from '@quiver/fs';
import { hostChanges } from './after-save.js';
import { applyModelContentFixes } from './apply-model-content-fixes.js';
import { diffFailedResult, editFailedResult, savedResult } from './edit-results.js';
import type { EditParams, EditToolName } from './edit-params.js';
import { prepareContent } from './prepare-content.js';
import { readOriginal, type OriginalFile } from './read-original.js';
import { ruleDirRefusal } from './rule-path.js';
import { constructNewFileContent } from './search-replace/construct-new-file-content.js';
import { isReplaceMarker } from './search-replace/markers.js';

/**
 * The one stateless handler behind `write_to_file`, `replace_in_file` and `new_rule` (SPEC
 * Part B §15.1 with Part A). The pipeline has already validated the parameters, checked the
 * path against the ignore rules, resolved it and obtained approval; this does the work:
 * compute the new content, write it atomically, evict the read cache, and report the saved
 * content. A failed edit writes nothing and counts a mistake.
 */
export async function executeEdit(tool: EditToolName, config: TaskConfig, params: EditParams): Promise<ToolResult> {
  const input = params.path || params.absolutePath;
  const target = params.path ? config.paths.path : config.paths.absolutePath;
  if (!input || !target) return missingPath(tool, config);
  if (target.isDirectory) return editFailedResult(`'${input}' is a directory. Give the path of a file.`);
  // A trailing slash names a folder; writing a file there would not be what the model meant.
  if (/[\\/]$/.test(input))
    return editFailedResult(
      `'${input}' ends with '/', so it names a folder. Give the path of a file (without the trailing '/').`,
      ERROR_CODES.PARAM_INVALID,
    );
  if (tool === 'new_rule') {
    const refusal = await ruleDirRefusal(target);
    if (refusal) return editFailedResult(refusal, ERROR_CODES.PARAM_INVALID);
  }
  const original = await readOriginal(target);
  const next = computeContent(tool, config, params, target, original, true);
  if ('failure' in next) return next.failure;
  await writeFileAtomic(target.resolved, original.bom + next.content, { physical: true });
  config.readCache.delete(target.resolved);
  config.readCache.delete(target.lexical);
  try {
    await config.ui.preview?.({
      tool,
      path: input,
      absolutePath: target.resolved,
      original: original.text,
      content: next.content,
      final: true,
    });
  } catch {
    // The file is saved; a host's preview failing must not turn that into an error result.
  }
  const changes = await hostChanges(config, { tool, path: input, absolutePath: target.resolved, content: next.content });
  if (changes) config.readCache.delete(target.resolved);
  return savedResult(input, changes?.content ?? next.content, changes);
}

type Computed = { content: string } | { failure: ToolResult };

function computeContent(
  tool: EditToolName,
  config: TaskConfig,
  params: EditParams,
  target: ResolvedPath,
  original: OriginalFile,
  isFinal: boolean,
  preview = false,
): Computed {
  const input = (params.path || params.absolutePath)!;
  if (tool !== 'replace_in_file') return { content: prepareContent(params.content ?? '', config.modelId, target.resolved, isFinal) };
  if (!original.utf8) {
    return {
      failure: editFailedResult(
        `'${input}' is not UTF-8 text, so replace_in_file cannot edit it safely. Use write_to_file to replace it whole, or leave it unchanged.`,
      ),
    };
  }
  const diff = applyModelContentFixes(params.diff ?? '', config.modelId, target.resolved);
  try {
    return { content: constructNewFileContent(diff, original.text, isFinal).newContent };
  } catch (e) {
    if (!isFinal || preview) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    if (!original.exists) {
      return {
        failure: editFailedResult(
          `'${input}' does not exist, and only an empty SEARCH block can create a file. Use write_to_file to create it.\n${reason}`,
          ERROR_CODES.FILE_NOT_FOUND,
        ),
      };
    }
    void config.ui.say('diff_error', `Failed to edit '${input}': ${reason}`);
    return { failure: diffFailedResult(input, reason, original.text) };
  }
}

async function missingPath(tool: EditToolName, config: TaskConfig): Promise<ToolResult> {
  await config.ui.say('error', `Quiver tried to use ${tool} without value for required parameter 'path'. Retrying...`);
  return editFailedResult(responses.missingParameter('path', tool), ERROR_CODES.PARAM_MISSING);
}

/**
 * Stream a live preview while the model is still writing the block: the content so far, or
 * the diff applied so far. Never writes. Only paths inside the workspace that the ignore
 * rules allow are previewed: reading an external or ignored file before approval would be
 * filesystem work the gates have not cleared.
 */
export async function previewEdit(tool: EditToolName, block: ToolBlock, ui: PartialBlockUi): Promise<void> {
  const params = block.params as EditParams;
  const input = params.path || params.absolutePath;
  const body = tool === 'replace_in_file' ? params.diff : params.content;
  if (!input || typeof body !== 'string' || !ui.preview) return;
  const target = await resolveForPreview(ui.config, input);
  if (!target || target.isDirectory || (tool === 'new_rule' && (await ruleDirRefusal(target)))) return;
  const original = await readOriginal(target);
  // A diff whose last line closes a block previews as if it were final: the rest of the file
  // follows the last edit, as it will be saved (the host's approval diff shows this).
  const closed = tool === 'replace_in_file' && isReplaceMarker(body.trimEnd().split('\n').at(-1) ?? '');
  let next: Computed;
  try {
    next = computeContent(tool, ui.config, params, target, original, closed, true);
  } catch {
    return;
  }
  if ('failure' in next) return;
  await ui.preview({ tool, path: input, absolutePath: target.resolved, original: original.text, content: next.content, final: false });
}

/** The path the ignore-rules gate would hand the tool (its own check, `screenPath`), when it is inside the workspace. */
async function resolveForPreview(config: TaskConfig, input: string): Promise<ResolvedPath | undefined> {
  const screen = await screenPath(config.services, input, 'write');
  return screen?.allowed && screen.path.inside ? screen.path : undefined;
}
