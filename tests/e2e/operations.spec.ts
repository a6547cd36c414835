import { test } from '@playwright/test';
import { expectErrorDialog, fillCredinstanteLead, PRE_EVALUATION } from './helpers.ts';

test('the error dialog names the failed request as a reference code for support', async ({ page }) => {
  await page.route(PRE_EVALUATION, (route) =>
    route.fulfill({
      status: 500,
      headers: { 'X-Request-Id': 'ref-e2e-4f1c9a' },
      json: { codigoRespuesta: '99' },
    }),
  );
  await page.goto('/credinstante');
  await fillCredinstanteLead(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await test.expect(page.getByRole('dialog').getByText('Código de referencia: ref-e2e-4f1c9a')).toBeVisible();
  await expectErrorDialog(page, 'Ocurrió un error en el servidor');
});

test('the API reference page draws the OpenAPI document under the site policy', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') refused.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/api/docs');
  await test.expect(page).toHaveTitle('Referencia de la API del servicio de originación');
  await test.expect(page.getByText('Crédito en línea: servicio de originación')).toBeVisible();
  await page.getByRole('link', { name: 'lde', exact: true }).click();
  await test.expect(page.getByText('/v4/prospecto/v2.0/producto/lde', { exact: true }).first()).toBeVisible();
  test.expect(refused).toEqual([]);
});
