const ENTITIES: [RegExp, string][] = [
  [/&gt;/g, '>'],
  [/&lt;/g, '<'],
  [/&quot;/g, '"'],
  [/&amp;/g, '&'],
  [/&apos;/g, "'"],
];

/**
 * Undo what some models do to file content (SPEC Part B §15.1 `applyModelContentFixes`):
 * models other than Claude often HTML-escape `> < " & '`, so those entities are decoded once,
 * in that order, except in `.xml` files where they are meant. Claude models are left alone.
 * U+FFFD (a replacement character from a broken decode) is always removed, except for Claude.
 *
 * @param content - The content (or diff) the model wrote.
 * @param modelId - The model id; a missing id counts as non-Claude.
 * @param path - The target path; decides the `.xml` exception (any case).
 * @example
 * applyModelContentFixes('x &gt; 5', 'gpt-4', 'a.ts'); // 'x > 5'
 */
export function applyModelContentFixes(content: string, modelId: string | undefined, path: string): string {
  if (modelId?.toLowerCase().includes('claude')) return content;
  let fixed = content;
  if (!path.toLowerCase().endsWith('.xml')) {
    for (const [entity, char] of ENTITIES) fixed = fixed.replace(entity, char);
  }
  return fixed.replace(/\uFFFD/g, '');
}
