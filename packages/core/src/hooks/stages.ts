/**
 * Named stages order hook taps: lower runs first, then registration order. Use these names,
 * never bare numbers: policy taps (which may deny) run before ordinary ones, audit taps last.
 */
export const STAGE = Object.freeze({
  /** Security and policy taps: deny early. */
  POLICY: -100,
  /** Ordinary taps. */
  DEFAULT: 0,
  /** Observers that should see the final input or result. */
  AUDIT: 100,
});

/** One of {@link STAGE}'s values. */
export type Stage = (typeof STAGE)[keyof typeof STAGE];
