/**
 * Similarity of two strings, 1 − Levenshtein distance / longer length. Computed in a band:
 * below `min` the exact value does not matter, so the work stops early and 0 is returned.
 */
export function similarity(a: string, b: string, min = 0): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  const maxDistance = Math.floor((1 - min) * longer);
  if (Math.abs(a.length - b.length) > maxDistance) return 0;
  const distance = boundedLevenshtein(a, b, maxDistance);
  return distance > maxDistance ? 0 : 1 - distance / longer;
}

/** Levenshtein distance, or `max + 1` as soon as it must exceed `max`. */
function boundedLevenshtein(a: string, b: string, max: number): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (row[j] < best) best = row[j];
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}
