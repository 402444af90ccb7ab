import type { Viewport } from './browser-settings.js';

/** A point in the viewport. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * Parse a `coordinate` parameter, `"x,y"` in CSS pixels (spaces allowed, decimals rounded).
 * Returns a reason instead when it is not two numbers inside the viewport.
 * @example
 * parseCoordinate('450, 300', { width: 900, height: 600 }); // { x: 450, y: 300 }
 */
export function parseCoordinate(text: string, viewport: Viewport): Point | { error: string } {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return { error: `'${text}' is not a coordinate: write it as "x,y", e.g. "450,300"` };
  const x = Math.round(Number(match[1]));
  const y = Math.round(Number(match[2]));
  if (x < 0 || y < 0 || x >= viewport.width || y >= viewport.height) {
    return {
      error: `coordinate ${x},${y} is outside the ${viewport.width}x${viewport.height} viewport: use 0 ≤ x < ${viewport.width} and 0 ≤ y < ${viewport.height}`,
    };
  }
  return { x, y };
}
