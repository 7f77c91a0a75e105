import { vi } from 'vitest';

/**
 * jsdom never loads images; the video embeds try YouTube's image host first (ui/guarded-embed). This
 * answers every image the page loads with `outcome`, as a reachable (or unreachable) host would.
 */
export function answerImages(outcome: 'load' | 'error'): string[] {
  const requested: string[] = [];
  class AnsweredImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    referrerPolicy = '';
    set src(value: string) {
      requested.push(value);
      setTimeout(() => (outcome === 'load' ? this.onload?.() : this.onerror?.()), 0);
    }
  }
  // Stays for the rest of the test file; each test that needs an outcome calls this first.
  vi.stubGlobal('Image', AnsweredImage);
  return requested;
}
