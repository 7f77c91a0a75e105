import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The keyboard twins' steps (issue 42, build 6): a person with a keyboard alone moves with Tab and
 * Shift+Tab, and acts with Enter, Space and Escape. Every press is checked: the focus is never on the
 * page's body (a press that lost it), and the page never has a tab stop on text that does nothing.
 */

/** What has the focus, for messages: 'BODY' when nothing does. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()} "${name}"`;
  });

/** Whether `target` has the focus. */
export const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Tab stops that do nothing: an element the keyboard reaches (tabindex 0 or more) that is no control,
 * no link, no field and no scrolling box, and not a name cut short whose tooltip shows it whole.
 */
export const idleTabStops = (page: Page) =>
  page.evaluate(() => {
    const ROLES =
      /^(button|link|checkbox|switch|tab|menuitem|option|radio|slider|textbox|combobox|spinbutton|searchbox|dialog)$/;
    const idle: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('[tabindex]')) {
      if (el.tabIndex < 0 || el.closest('[hidden], [inert]') || el.getClientRects().length === 0) continue;
      if (el.matches('a[href], button, input, select, textarea, summary, iframe')) continue;
      if (ROLES.test(el.getAttribute('role') ?? '')) continue;
      const style = getComputedStyle(el);
      const scrolls = /auto|scroll/.test(style.overflowY + style.overflowX);
      const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (scrolls || (cut && el.title)) continue;
      idle.push(`${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40)}"`);
    }
    return idle;
  });

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus (none when it has it already),
 * failing when a press leaves the focus on the body or after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  if (await hasFocus(target)) return; // the page put the focus there itself
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    path.push(now);
    expect(now, `focus after ${path.join(' → ')}`).not.toBe('BODY');
    if (await hasFocus(target)) return;
  }
  throw new Error(`${max} presses of Tab never reached the target: ${path.join(' → ')}`);
}

/** Types into the field that has the focus, as a keyboard does (no fill). */
export async function typeHere(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
}
