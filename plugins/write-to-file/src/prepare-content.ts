import { applyModelContentFixes } from './apply-model-content-fixes.js';
import { stripWrappingFence } from './strip-wrapping-fence.js';

/**
 * The content `write_to_file` / `new_rule` actually writes: a fence wrapping the whole
 * content is removed, then the model's HTML-escaping is undone (SPEC Part B §15.1 step 5,
 * with Part A's rule that only a wrapping fence is stripped). Nothing is trimmed, so the
 * content keeps its final newline. While streaming, an opening fence line is hidden from the
 * preview (its closing line has not arrived yet).
 */
export function prepareContent(content: string, modelId: string | undefined, path: string, isFinal: boolean): string {
  let body = stripWrappingFence(content);
  if (!isFinal && body === content) body = body.replace(/^```[^\n`]*\n/, '');
  return applyModelContentFixes(body, modelId, path);
}
