/**
 * An MCP `CallToolResult` as the model reads it (SPEC Part B §16.16): text blocks and
 * resource JSON (without `blob`) joined by blank lines, "(No response)" when there is
 * nothing, "Error:\n" first when the server flagged an error, and the 400 KB cut. Images are
 * passed on as image blocks when the model can see them; otherwise the model is told.
 */
import type { ContentBlock, ImageBlock } from '@quiver/core';
import { cutMcpText } from '@quiver/mcp-hub';

/** How a result is rendered. */
export interface FormatOptions {
  /** The model can see images. @default true */
  supportsImages?: boolean;
}

/** The notice for images the model cannot see (the baseline's words). */
export function imagesNotShown(count: number): string {
  return `[${count} images were provided in the response, and while they are displayed to the user, you do not have the ability to view them.]`;
}

/** Render one result's `content` (and `isError`) as content blocks. */
export function formatToolResult(
  result: { content: Record<string, unknown>[]; isError?: boolean },
  options: FormatOptions = {},
): ContentBlock[] {
  const texts: string[] = [];
  const images: ImageBlock[] = [];
  for (const block of result.content) {
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    else if (block.type === 'resource' && isRecord(block.resource)) texts.push(JSON.stringify(withoutBlob(block.resource), null, 2));
    else if (block.type === 'resource_link') texts.push(JSON.stringify(withoutType(block), null, 2));
    else if (block.type === 'image' && typeof block.data === 'string')
      images.push({ type: 'image', data: block.data, mimeType: String(block.mimeType ?? 'image/png') });
    else if (block.type === 'audio')
      texts.push(`[An audio clip (${String(block.mimeType ?? 'audio')}) was provided in the response; you cannot listen to it.]`);
  }
  const shownImages = options.supportsImages === false ? [] : images;
  if (images.length && !shownImages.length) texts.push(imagesNotShown(images.length));
  let text = texts.join('\n\n') || (shownImages.length ? '' : '(No response)');
  if (result.isError) text = `Error:\n${text}`;
  const blocks: ContentBlock[] = text ? [{ type: 'text', text: cutMcpText(text) }] : [];
  return [...blocks, ...shownImages];
}

function withoutBlob(resource: Record<string, unknown>): Record<string, unknown> {
  const { blob: _blob, ...rest } = resource;
  return rest;
}

function withoutType(block: Record<string, unknown>): Record<string, unknown> {
  const { type: _type, ...rest } = block;
  return rest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
