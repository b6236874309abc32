import {
  editBootData,
  expect,
  expectAccessible,
  type Page,
  pageVenuesBy,
  screenshot,
  tabTo,
  test,
} from '../fixtures.ts';

/**
 * The map has drawn its basemap and pins (the container carries data-idle after MapLibre's idle event). On a
 * phone the map opens with the 'Map' toggle first.
 */
async function waitForMap(page: Page) {
  const toggle = page.getByRole('button', { name: 'Map', exact: true });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-pressed')) === 'false')
    await toggle.click();
  await expect(page.locator('.centre-map[data-idle]')).toBeVisible({ timeout: 20_000 });
}

/** Requests for the map's code: its lazy chunk and MapLibre's worker. */
const isMapCode = (url: string) => /\/assets\/(venue-map|maplibre-gl-worker)[^/]*\.m?js/.test(url);

/** The search box: a plain box until focused, then the suggestions combobox (its chunk loads then). */
const searchBox = (page: Page) =>
  page
    .getByRole('searchbox', { name: 'Search town, postcode or centre name' })
    .or(page.getByRole('combobox', { name: 'Search town, postcode or centre name' }));

/** Types the term and presses Enter (with no suggestion highlighted, Enter searches the text). */
async function search(page: Page, term: string) {
  await searchBox(page).fill(term);
  await searchBox(page).press('Enter');
}

test.describe('choose your home centre', () => {
  test('search by town shows centres within the radius with their distance, on the map and in the list', async ({
    page,
  }, info) => {
    await page.goto('/join/');
    await expect(page.getByRole('heading', { name: 'Choose your home centre' })).toBeVisible();
    await waitForMap(page);
    await expect(page.getByText('Search or click on a map pin to view centre details')).toBeVisible();
    await screenshot(page, 'join-map', info.project.name);

    await search(page, 'Leeds');
    await expect(
      page.getByText('Showing results within 5 miles of your location or the first centre name'),
    ).toBeVisible();
    const choose = page.getByRole('button', { name: 'Choose John Charles Centre for Sport' });
    await expect(choose).toBeVisible();
    // Distance in miles to one decimal.
    await expect(page.locator('.centre-result__distance').first()).toHaveText(/^\d+\.\d miles?$/);
    await waitForMap(page);
    await screenshot(page, 'join-map-leeds', info.project.name);
    await expectAccessible(page);

    await choose.click();
    await expect(page.getByRole('heading', { name: 'John Charles Centre for Sport' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change location' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/join\/centre\/john-charles-centre-for-sport$/);
  });

  test('search by postcode district and by centre name; an unknown place says so', async ({ page }) => {
    await page.goto('/join/');
    await search(page, 'M13');
    await expect(page.getByRole('button', { name: 'Choose Manchester Aquatics Centre' })).toBeVisible();

    // Centre names come first (case-insensitive contains), before the geocoder.
    await search(page, 'ponds forge');
    await expect(
      page.getByRole('button', { name: 'Choose Ponds Forge International Sports Centre' }),
    ).toBeVisible();

    await search(page, 'Qwzxv');
    await expect(page.getByText('Cannot find location, please try again.')).toBeVisible();

    // A one-mile radius around Leeds leaves out centres further away.
    await search(page, 'Leeds');
    await expect(page.getByRole('button', { name: 'Choose John Charles Centre for Sport' })).toBeVisible();
    await page.getByRole('slider', { name: 'Radius' }).fill('1');
    await expect(page.getByText('No venues found')).toBeVisible();
    // Never a dead end: the nearest centres, with their distance.
    await expect(
      page.getByRole('region', { name: 'Nearest centres' }).getByRole('button', {
        name: 'Choose John Charles Centre for Sport',
      }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByText('Search or click on a map pin to view centre details')).toBeVisible();
  });

  test("the map's code loads only when the map is shown: on a phone behind the Map toggle, elsewhere after the page has loaded", async ({
    page,
    isMobile,
  }) => {
    const mapRequests: string[] = [];
    page.on('request', (request) => {
      if (isMapCode(request.url())) mapRequests.push(request.url());
    });
    await page.goto('/join/', { waitUntil: 'load' });
    await expect(searchBox(page)).toBeVisible();
    if (isMobile) {
      await page.waitForLoadState('networkidle');
      expect(mapRequests).toEqual([]);
      // The list and search work without the map.
      await search(page, 'Leeds');
      await expect(page.getByRole('button', { name: 'Choose John Charles Centre for Sport' })).toBeVisible();
      expect(mapRequests).toEqual([]);
      const toggle = page.getByRole('button', { name: 'Map', exact: true });
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    }
    await waitForMap(page);
    expect(mapRequests.length).toBeGreaterThan(0);
    await expectAccessible(page);
  });

  test('with the map turned off the centres are a plain grid', async ({ page }) => {
    // The operator's online_joining_map flag comes with the client written into the page: turn it off.
    await editBootData(page, (data) => {
      data.client.features.online_joining_map = false;
      return data;
    });
    await page.goto('/join/');
    await expect(page.getByRole('heading', { name: 'Choose your home centre' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose Royal Commonwealth Pool' })).toBeVisible();
    await expect(page.locator('.centre-map')).toHaveCount(0);
    await expect(searchBox(page)).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Choose Royal Commonwealth Pool' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/join\/centre\/royal-commonwealth-pool$/);
  });

  test('results appear as you type after more than 2 characters, in a list at most 15rem high; Enter still searches', async ({
    page,
    hasTouch,
  }, info) => {
    await page.goto('/join/');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('Ce');
    const combobox = page.getByRole('combobox', { name: 'Search town, postcode or centre name' });
    await expect(combobox).toBeVisible();
    await expect(combobox).toHaveValue('Ce');
    const list = page.getByRole('listbox', { name: 'Matching centres' });
    await expect(list).toHaveCount(0);
    await combobox.pressSequentially('n');
    await expect(list).toBeVisible();
    // 'Cen' matches many centres: the list holds them all and scrolls within 15rem.
    expect(await list.getByRole('option').count()).toBeGreaterThan(5);
    const box15 = await list.evaluate((el) => {
      const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
      return {
        css: getComputedStyle(el).maxHeight,
        limit: 15 * rem,
        height: el.getBoundingClientRect().height,
        scrolls: el.scrollHeight > el.clientHeight,
      };
    });
    expect(box15.css).toBe(`${box15.limit}px`);
    expect(box15.height).toBeLessThanOrEqual(box15.limit);
    expect(box15.scrolls).toBe(true);
    // The open list leaves the rest of the page readable and usable (no aria-hidden around focusable content).
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page);
    await screenshot(page, 'join-centre-suggestions', info.project.name);

    // Choosing a suggestion searches there: the centre is listed, nearest first. On a phone it is a tap, at once:
    // the list sits over the 'Use my location' button, and the tap must choose the centre, not press the button.
    await combobox.fill('');
    await expect(list).toHaveCount(0);
    await combobox.pressSequentially('Lee');
    const suggestion = list.getByRole('option', { name: /John Charles Centre for Sport/ });
    await expect(suggestion).toBeVisible();
    if (hasTouch) {
      // The phone layout puts the suggestion over the button, and the suggestion is what a tap there hits.
      const button = (await page.getByRole('button', { name: 'Use my location' }).boundingBox())!;
      const option = (await suggestion.boundingBox())!;
      expect(option.y < button.y + button.height && option.y + option.height > button.y).toBe(true);
      // In view first (as a tap would be): elementFromPoint sees only the viewport.
      await suggestion.scrollIntoViewIfNeeded();
      const isOnTop = await suggestion.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      });
      expect(isOnTop).toBe(true);
      await suggestion.tap();
    } else await suggestion.click();
    await expect(combobox).toHaveValue('John Charles Centre for Sport');
    await expect(
      page.getByText('Showing results within 5 miles of your location or the first centre name'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose John Charles Centre for Sport' })).toBeVisible();

    // Keyboard: Escape closes the list, the down arrow opens it again and highlights a suggestion, Enter chooses it.
    await combobox.fill('');
    await combobox.pressSequentially('Lee');
    await expect(suggestion).toBeVisible();
    await combobox.press('Escape');
    await expect(list).toHaveCount(0);
    await combobox.press('ArrowDown');
    await expect(suggestion).toBeVisible();
    await combobox.press('ArrowDown');
    await expect(combobox).toHaveAttribute('aria-activedescendant', (await suggestion.getAttribute('id'))!);
    await combobox.press('Enter');
    await expect(list).toHaveCount(0);
    await expect(combobox).toHaveValue('John Charles Centre for Sport');

    // Enter without a highlighted suggestion searches the text (a place: the geocoder).
    await combobox.fill('');
    await expect(list).toHaveCount(0);
    await combobox.pressSequentially('Manchester');
    await expect(list).toBeVisible();
    await combobox.press('Enter');
    await expect(page.getByRole('button', { name: 'Choose Manchester Aquatics Centre' })).toBeVisible();
    await expect(list).toHaveCount(0);
    await expectAccessible(page);

    // The Search button still searches (the list closes when it is pressed).
    await combobox.fill('Sheffield');
    await page.locator('.centre-search__term button[type="submit"]').click();
    await expect(
      page.getByRole('button', { name: 'Choose Ponds Forge International Sports Centre' }),
    ).toBeVisible();
  });

  test("more than a page of centres: 'Show more centres' adds the next page from the keyboard; the paging code loads only then", async ({
    page,
  }, info) => {
    const pagingCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/paged-venues[^/]*\.js/.test(request.url())) pagingCode.push(request.url());
    });
    const choose = (name: string) => page.getByRole('button', { name: `Choose ${name}` });
    const more = page.getByRole('button', { name: 'Show more centres' });
    // The demo's 14 centres are one page (20 a page): no 'Show more', no paging code.
    await page.goto('/join/', { waitUntil: 'networkidle' });
    await expect(choose('Tollcross International Swimming Centre')).toBeAttached();
    await expect(more).toHaveCount(0);
    expect(pagingCode).toEqual([]);

    // Pages of 5: the 14 centres by name make three.
    await pageVenuesBy(page, 5);
    await page.goto('/join/');
    await expect(page.getByText('Showing 5 of 14 centres')).toBeVisible();
    expect(pagingCode.length).toBeGreaterThan(0);
    await expect(choose('Harvey Hadden Sports Village')).toBeAttached();
    await expect(choose('Ironmonger Row Baths')).toHaveCount(0);
    // Tab from the last card's button (past a phone's dots) reaches 'Show more centres', which keeps the focus.
    await choose('Harvey Hadden Sports Village').focus();
    await tabTo(page, more, 8);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Showing 10 of 14 centres')).toBeVisible();
    await expect(choose('Ironmonger Row Baths')).toBeAttached();
    await expect(more).toBeFocused();
    await expectAccessible(page);
    await screenshot(page, 'join-show-more', info.project.name);
    // The last page: the button goes and the count takes the focus.
    await page.keyboard.press('Enter');
    await expect(page.getByText('Showing 14 of 14 centres')).toBeFocused();
    await expect(more).toHaveCount(0);
    await choose('Tollcross International Swimming Centre').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/join\/centre\/tollcross-international-swimming-centre$/);
  });

  test("'No venues found' offers the nearest centres with their distance", async ({ page }, info) => {
    await page.goto('/join/');
    await search(page, 'Inverness');
    await expect(page.getByText('No venues found')).toBeVisible();
    const nearest = page.getByRole('region', { name: 'Nearest centres' });
    await expect(nearest.getByRole('button', { name: 'Choose Royal Commonwealth Pool' })).toBeVisible();
    await expect(nearest.locator('.centre-result__distance').first()).toHaveText(/^\d{2,3}\.\d miles$/);
    await expectAccessible(page);
    await screenshot(page, 'join-nearest-centres', info.project.name);
    if (info.project.name === 'phone') {
      // A phone swipes through the cards (the browser's scroll snapping); the dots follow and scroll to their card.
      const dots = nearest.getByRole('button', { name: /^Go to centre \d+$/ });
      await expect(dots).toHaveCount(3);
      await expect(dots.first()).toHaveAttribute('aria-current', 'true');
      await dots.last().click();
      await expect(dots.last()).toHaveAttribute('aria-current', 'true');
      await expect(
        nearest
          .getByRole('listitem')
          .last()
          .getByRole('button', { name: /^Choose / }),
      ).toBeInViewport();
      await dots.first().click();
      await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    }
    await nearest.getByRole('button', { name: 'Choose Royal Commonwealth Pool' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/join\/centre\/royal-commonwealth-pool$/);
  });

  test('without a tile style the map never zooms past the outline, labels pins with towns, and the list comes first', async ({
    page,
  }, info) => {
    await page.goto('/join/');
    await search(page, 'Leeds');
    await expect(page.getByRole('button', { name: 'Choose John Charles Centre for Sport' })).toBeVisible();
    await waitForMap(page);
    const map = page.locator('.centre-map');
    // The search flew to Leeds: no further than the outline's limit (the spec's fly-to zoom is 10.3–10.9).
    await expect(map).toHaveAttribute('data-max-zoom', '8.5');
    await expect(page.locator('.centre-map[data-idle]')).toBeVisible({ timeout: 20_000 });
    expect(Number(await map.getAttribute('data-zoom'))).toBeLessThanOrEqual(8.5);
    expect(Number(await map.getAttribute('data-zoom'))).toBeGreaterThan(8);
    // Zooming in further stops at the limit: the zoom-in control is disabled there.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeEnabled();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await expect(page.locator('.centre-map[data-idle]')).toBeVisible({ timeout: 20_000 });
    expect(Number(await map.getAttribute('data-zoom'))).toBeLessThanOrEqual(8.5);
    // Pins carry their town's name; 'Search this area' is still offered above zoom 8.
    await expect(map.locator('.centre-map__label', { hasText: 'Leeds' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search this area' })).toBeVisible();
    // The list is the main way to choose: it comes before the map (left of it on wide screens).
    const list = await page.locator('.centre-search__results').boundingBox();
    const mapBox = await page.locator('.centre-search__map').boundingBox();
    if (info.project.name === 'phone') expect(list!.y).toBeLessThan(mapBox!.y);
    else expect(list!.x).toBeLessThan(mapBox!.x);
    await expectAccessible(page);
    await screenshot(page, 'join-map-outline-leeds', info.project.name);
  });
});
