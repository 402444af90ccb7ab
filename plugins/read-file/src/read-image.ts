/**
 * Images the model can see: .png, .jpg, .jpeg and .webp become an image block after the text
 * `Successfully read image` (SPEC Part B §6). image-size is imported only when an image is read.
 */
import type { ContentBlock } from '@quiver/core';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { formatBytes } from './truncate-content.js';

/** MIME types of the image extensions read_file returns as images. */
export const IMAGE_MIME_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
});

/** The largest width or height sent to a model, in pixels. */
export const MAX_IMAGE_SIDE = 7500;

/** Image files above this size are refused (a model takes a few MB at most). @default 20,480,000 */
export const MAX_IMAGE_BYTES = 20 * 1000 * 1024;

/** What the model reads when it cannot take images. */
export const IMAGES_UNSUPPORTED = 'Current model does not support image input';

/**
 * The blocks for an image file: a text block and the base64 image.
 * @param read reads the whole file (from the descriptor already opened and checked)
 * @throws QuiverError `QUIVER_ERR_FILE_TOO_LARGE` for a side over {@link MAX_IMAGE_SIDE} px or
 *   a file over {@link MAX_IMAGE_BYTES}; `QUIVER_ERR_TOOL_FAILED` when the dimensions cannot be read
 */
export async function readImage(ext: string, size: number, read: () => Promise<Buffer>): Promise<ContentBlock[]> {
  if (size > MAX_IMAGE_BYTES) {
    throw quiverError(
      ERROR_CODES.FILE_TOO_LARGE,
      `Image file is too large to read into context (${formatBytes(size)}, limit ${formatBytes(MAX_IMAGE_BYTES)}). Resize or compress it first, for example with execute_command.`,
    );
  }
  const data = await read();
  const { imageSize } = await import('image-size');
  let width: number;
  let height: number;
  try {
    ({ width, height } = imageSize(data));
  } catch (cause) {
    throw quiverError(
      ERROR_CODES.TOOL_FAILED,
      `Cannot read the dimensions of this ${ext} image: ${(cause as Error).message}. The file may be damaged or not really ${ext}.`,
      { cause },
    );
  }
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw quiverError(
      ERROR_CODES.FILE_TOO_LARGE,
      `Image dimensions exceed the maximum of ${MAX_IMAGE_SIDE}px per side (this image is ${width}x${height}). Resize it first, for example with execute_command.`,
    );
  }
  return [
    { type: 'text', text: 'Successfully read image' },
    { type: 'image', data: data.toString('base64'), mimeType: IMAGE_MIME_TYPES[ext] ?? 'application/octet-stream' },
  ];
}
