import { expect, test } from '@playwright/test';

test('a page chunk that fails to load reloads the page once, then shows the error page', async ({ page }) => {
  // The promoter page's chunk is unreachable (as after a deploy removed the old files).
  await page.route(/\/assets\/promoter-login-page-[\w-]+\.js$/, (route) => route.abort('failed'));
  let loads = 0;
  page.on('load', () => loads++);

  await page.goto('/promotor');
  // First failure: the guard reloads; second failure within the minute: the error page.
  await expect(page.getByRole('heading', { name: 'Ha ocurrido un error' })).toBeVisible();
  expect(loads).toBe(2);
  expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at'))).not.toBeNull();
  await expect(page.getByRole('link', { name: 'Ir a página principal' })).toBeVisible();
});
