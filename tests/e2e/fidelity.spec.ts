/**
 * What only a browser shows of the site's fidelity to the spec: an address that is no page
 * answers 404 with the not-found page, one typed in other letter case reaches its page, and
 * a promoter moves to the next client with one button, the previous client's data gone from
 * the tab.
 */
import { expect, test } from '@playwright/test';

test('an unknown sub-path is a 404 page; a route in other letter case reaches its page', async ({ page }) => {
  const missing = await page.goto('/credinstante/extra/segment');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();

  const upper = await page.goto('/CREDINSTANTE?utm_source=sms');
  expect(upper?.status()).toBe(200);
  await expect(page).toHaveURL(/\/credinstante\?utm_source=sms$/);
  await expect(page.getByLabel('Número de documento')).toBeVisible();
});

test("a promoter starts the next client's application with one button, and the previous client's data leaves the tab", async ({
  page,
}) => {
  await page.goto('/promotor?next=%2Fcredinstante');
  await page.getByLabel('Usuario').fill('promotor');
  await page.getByLabel('Contraseña').fill('Promotor2026');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/credinstante$/);

  await page.getByLabel('Número de documento').fill('45678912');
  await page.getByLabel('Celular').fill('987654321');
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('flow:credinstante') ?? ''))
    .toContain('45678912');

  await page.getByRole('button', { name: 'Atender a otro cliente' }).click();
  await expect(page.getByLabel('Número de documento')).toHaveValue('');
  await expect(page.getByLabel('Celular')).toHaveValue('');
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('45678912');
});
