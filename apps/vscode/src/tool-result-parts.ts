import type * as vscode from 'vscode';
import type { ToolResult } from '@quiver/core';

/** The VS Code classes a language-model tool result is built from (injected for tests). */
export interface LmResultApi {
  /** `new LanguageModelTextPart(value)`. */
  text(value: string): unknown;
  /** `LanguageModelDataPart.image(data, mimeType)`, where this VS Code has it (1.104+). */
  image?(data: Uint8Array, mimeType: string): unknown;
  /** `new LanguageModelToolResult(parts)`. */
  result(parts: unknown[]): vscode.LanguageModelToolResult;
}

/**
 * Map a Quiver result to a `LanguageModelToolResult`: text blocks become text parts, images
 * become data parts (or a text placeholder where this VS Code has no data parts). An error
 * result stays text: Quiver's error texts are written for the model to act on.
 */
export function toLmToolResult(api: LmResultApi, result: ToolResult): vscode.LanguageModelToolResult {
  const parts = result.content.map((block) => {
    if (block.type === 'text') return api.text(block.text);
    if (api.image) return api.image(Buffer.from(block.data, 'base64'), block.mimeType);
    return api.text(
      `[image ${block.mimeType}, ${Buffer.byteLength(block.data, 'base64')} bytes: this editor cannot pass images to the model]`,
    );
  });
  return api.result(parts.length ? parts : [api.text('')]);
}

/** The result API of a VS Code module, with data parts only where they exist. */
export function lmResultApi(vs: typeof vscode): LmResultApi {
  const dataPart = (vs as unknown as { LanguageModelDataPart?: { image(data: Uint8Array, mime: string): unknown } }).LanguageModelDataPart;
  return {
    text: (value) => new vs.LanguageModelTextPart(value),
    image: typeof dataPart?.image === 'function' ? (data, mime) => dataPart.image(data, mime) : undefined,
    result: (parts) => new vs.LanguageModelToolResult(parts as vscode.LanguageModelTextPart[]),
  };
}
