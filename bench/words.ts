// A deterministic pseudo-language with a Zipf-like word frequency, so search sees
// very common, middling and rare words the way real text has them.

/** A small, fast, seedable PRNG (mulberry32): the same data set for the same seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ra', 'to', 'vi', 'su', 'pe', 'da', 'zo', 'qui', 'bar', 'tel', 'mon', 'gri', 'fen', 'lor', 'ush', 'ost'];

/** `size` distinct words; index 0 is the most frequent. */
export function vocabulary(size: number, rand: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(rand() * 3);
    let word = '';
    for (let i = 0; i < length; i++) word += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** Draws word indexes with probability proportional to 1 / (rank + 1)^s. */
export function zipf(size: number, s: number, rand: () => number): () => number {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let i = 0; i < size; i++) {
    total += 1 / (i + 1) ** s;
    cumulative[i] = total;
  }
  return () => {
    const target = rand() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

export function sentence(words: string[], draw: () => number, rand: () => number, min: number, max: number): string {
  const count = min + Math.floor(rand() * (max - min + 1));
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(words[draw()]!);
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}
