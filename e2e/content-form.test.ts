import { describe, it } from 'vitest';
import { DESKTOP, hasChromium, PHONE } from './support/browser';
import { browserSuite, poll, visible } from './support/suite';
import { openAsSuperAdmin } from './support/super-admin';

const suite = browserSuite();

describe.runIf(hasChromium)('the content form validates on blur', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`names each field it is left empty, and one click on Save still saves (${size})`, async () => {
      const { page } = await openAsSuperAdmin(suite, viewport);
      await page.goto(`${suite.product.url}/Playshop/admin/content/add-content`);
      await page.getByRole('heading', { name: 'Add Content' }).waitFor();

      const type = page.getByLabel('Type', { exact: true });
      await type.focus();
      await type.blur();
      await visible(page, 'Please select a type');
      const category = page.getByLabel('Category', { exact: true });
      await category.focus();
      await category.blur();
      await visible(page, 'Please select a category');

      await type.selectOption({ label: 'Other' });
      await category.selectOption({ label: 'Safety' });
      await page.getByLabel('Title', { exact: true }).fill(`Blur check ${size}`);
      const description = page.getByLabel('Description', { exact: true });
      await description.focus();
      await description.blur();
      await visible(page, 'Description is required.');

      // Fixed while the text is still shown above Save, then Save pressed straight away: leaving the
      // field removes the text and moves Save up while the mouse button is down; the click must count.
      await description.fill('Where the fire exits are');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await visible(page, 'Content created successfully');
      await page.waitForURL('**/Playshop/admin/content');
      await poll(() => page.getByRole('article', { name: `Blur check ${size}` }).isVisible()).toBe(true);
    });
  }
});
