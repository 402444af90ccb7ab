import type { LanguageModel, ToolResultPart, UserModelMessage } from 'ai';
import type { ImageBlock, ToolResult } from '@quiver/core';
import { agentResponses } from './agent-responses.js';

/**
 * Where a provider takes the images of a tool result: inside the tool result (Anthropic), in a
 * user message right after it (OpenAI chat completions, whose tool messages are text only),
 * or nowhere (a generic OpenAI-compatible server may be text-only).
 */
export type ImageSupport = 'tool-result' | 'user-message' | 'none';

/** The image support of a model, from its provider id (`anthropic.messages`, `openai.chat`...). */
export function imageSupportOf(model: LanguageModel): ImageSupport {
  const provider = typeof model === 'string' ? '' : model.provider;
  if (provider.startsWith('anthropic')) return 'tool-result';
  if (provider.startsWith('openai')) return 'user-message';
  return 'none';
}

/** A Quiver result as the SDK's tool-result part, plus a user message carrying images if needed. */
export function toToolResultPart(
  call: { toolCallId: string; toolName: string },
  result: ToolResult,
  images: ImageSupport,
): { part: ToolResultPart; followUp?: UserModelMessage } {
  const text = result.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n') || '(tool did not return anything)';
  const imageBlocks = result.content.filter((b): b is ImageBlock => b.type === 'image');
  const base = { type: 'tool-result' as const, toolCallId: call.toolCallId, toolName: call.toolName };
  if (imageBlocks.length && images === 'tool-result') {
    const value = [
      { type: 'text' as const, text },
      ...imageBlocks.map((b) => ({ type: 'image-data' as const, data: b.data, mediaType: b.mimeType })),
    ];
    return { part: { ...base, output: { type: 'content', value } } };
  }
  const note = imageBlocks.length && images === 'none' ? `\n${agentResponses.imagesOmitted(imageBlocks.length)}` : '';
  const part: ToolResultPart = {
    ...base,
    output: result.isError ? { type: 'error-text', value: text + note } : { type: 'text', value: text + note },
  };
  if (!imageBlocks.length || images !== 'user-message') return { part };
  const followUp: UserModelMessage = {
    role: 'user',
    content: [
      { type: 'text', text: agentResponses.toolImages(call.toolName) },
      ...imageBlocks.map((b) => ({ type: 'image' as const, image: b.data, mediaType: b.mimeType })),
    ],
  };
  return { part, followUp };
}
