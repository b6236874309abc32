import { expect, expectAccessible, pageVenuesBy, screenshot, tabTo, test } from '../fixtures.ts';

/** Requests for the venue lists' paging code ('Show more centres' and the pages after the first). */
const isPagingCode = (url: string) => /\/assets\/paged-venues[^/]*\.js/.test(url);

test("the venue chooser pages its venues: the first page alone needs no paging code; with more, 'Show more centres' adds the next page from the keyboard", async ({
  page,
}, info) => {
  const pagingCode: string[] = [];
  page.on('request', (request) => {
    if (isPagingCode(request.url())) pagingCode.push(request.url());
  });
  const select = (name: string) => page.getByRole('button', { name: `Select ${name}` });
  const more = page.getByRole('button', { name: 'Show more centres' });

  // The demo's 14 venues are one page (20 a page): all of them, no 'Show more', no paging code.
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Choose a venue', level: 1 })).toBeVisible();
  await expect(select('Tollcross International Swimming Centre')).toBeVisible();
  await expect(more).toHaveCount(0);
  expect(pagingCode).toEqual([]);

  // Pages of 5: 14 venues make three.
  await pageVenuesBy(page, 5);
  await page.goto('/');
  await expect(page.getByText('Showing 5 of 14 centres')).toBeVisible();
  expect(pagingCode.length).toBeGreaterThan(0);
  await expect(select('Harvey Hadden Sports Village')).toBeVisible();
  await expect(select('Ironmonger Row Baths')).toHaveCount(0);
  // Tab from the last venue's button reaches 'Show more centres'; it keeps the focus while the next page comes.
  await select('Harvey Hadden Sports Village').focus();
  await tabTo(page, more, 3);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Showing 10 of 14 centres')).toBeVisible();
  await expect(select('Ironmonger Row Baths')).toBeVisible();
  await expect(more).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'venue-chooser-show-more', info.project.name);
  // The last page: the button goes and the count, announced, takes the focus.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Showing 14 of 14 centres')).toBeFocused();
  await expect(more).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(14);
  await select('Tollcross International Swimming Centre').click();
  await expect(page).toHaveURL(/\/venues\/tollcross-international-swimming-centre$/);
});
