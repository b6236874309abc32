import { editBootData, expect, expectAccessible, type Page, screenshot, test } from '../fixtures.ts';

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

async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Search town, postcode or centre name' }).fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
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
    await expect(page.getByRole('searchbox', { name: 'Search town, postcode or centre name' })).toBeVisible();
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
    await expect(page.getByRole('searchbox', { name: 'Search town, postcode or centre name' })).toHaveCount(
      0,
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Choose Royal Commonwealth Pool' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/join\/centre\/royal-commonwealth-pool$/);
  });
});
