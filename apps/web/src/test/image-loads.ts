import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';

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

/** Waits for the embed's fallback (it cannot play the video here) and checks its link to the video. */
export async function expectVideoFallback(title: string, href: string) {
  await screen.findByText('This video cannot be played here');
  expect(screen.getByRole('link', { name: `Open "${title}" in a new tab` }).getAttribute('href')).toBe(href);
}
