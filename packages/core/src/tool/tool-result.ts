/** A block of text the model reads. */
export interface TextBlock {
  type: 'text';
  text: string;
}

/** An image the model sees, base64-encoded. */
export interface ImageBlock {
  type: 'image';
  /** Base64 data, without a `data:` prefix. */
  data: string;
  /** For example `image/png`. */
  mimeType: string;
}

/** One block of a tool result. */
export type ContentBlock = TextBlock | ImageBlock;

/**
 * What the mistake counter should do after this result. Default: `reset` on success,
 * `increment` on error.
 */
export type MistakeEffect = 'increment' | 'reset' | 'keep';

/**
 * A structured tool result: the shape MCP's `CallToolResult` and an agent's `tool_result`
 * both map from.
 */
export interface ToolResult {
  content: ContentBlock[];
  isError: boolean;
  /** The stable `QUIVER_ERR_*` code of an error result. */
  code?: string;
  /** Overrides the default mistake-counter effect of this result. */
  mistake?: MistakeEffect;
}

/** What a handler may return: plain text, blocks, or a full result. */
export type ToolResponse = string | ContentBlock[] | ToolResult;

/** A successful text result. */
export function textResult(text: string, mistake?: MistakeEffect): ToolResult {
  return mistake ? { content: [{ type: 'text', text }], isError: false, mistake } : { content: [{ type: 'text', text }], isError: false };
}

/** An error result carrying a stable code. */
export function errorResult(text: string, code?: string, mistake?: MistakeEffect): ToolResult {
  const r: ToolResult = { content: [{ type: 'text', text }], isError: true };
  if (code) r.code = code;
  if (mistake) r.mistake = mistake;
  return r;
}

/** Normalise any {@link ToolResponse} into a {@link ToolResult}. */
export function toToolResult(response: ToolResponse): ToolResult {
  if (typeof response === 'string') return textResult(response);
  if (Array.isArray(response)) return { content: response, isError: false };
  return response;
}

/** The text of a result: its text blocks joined by newlines. */
export function resultText(result: ToolResult): string {
  return result.content
    .filter((b): b is TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('\n');
}

/**
 * A text reply followed by the images the user attached, or the bare text when there are none
 * (a host's `ask` answer may carry screenshots the model should see beside the feedback).
 * @param text - the text the model reads first.
 * @param images - the user's images, e.g. `AskResponse.images`.
 * @example
 * const reply = await askUser(config, 'followup', question);
 * return textWithImages(`<feedback>\n${reply.text}\n</feedback>`, reply.images);
 */
export function textWithImages(text: string, images: readonly ContentBlock[] | undefined): ToolResponse {
  return images?.length ? [{ type: 'text', text }, ...images] : text;
}
