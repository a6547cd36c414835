import { test } from '@playwright/test';
import { expectErrorDialog, fillCredinstanteLead, PRE_EVALUATION } from './helpers.ts';

test('an HTTP 500 on a step call shows the error dialog and keeps the applicant on the step', async ({
  page,
}) => {
  await page.route(PRE_EVALUATION, (route) => route.fulfill({ status: 500, json: { mensaje: 'falla' } }));
  await page.goto('/credinstante');
  await fillCredinstanteLead(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectErrorDialog(page, 'Ocurrió un error en el servidor');
  await test.expect(page.getByLabel('Número de documento')).toHaveValue('45678912');
});

test('an HTTP 504 shows the gateway-timeout message', async ({ page }) => {
  await page.route(PRE_EVALUATION, (route) => route.fulfill({ status: 504, body: '' }));
  await page.goto('/credinstante');
  await fillCredinstanteLead(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectErrorDialog(
    page,
    'Error de conexión. Por el momento no podemos conectarnos a los servicios del sistema.',
  );
});

// `?__timeoutMs=1500` caps the client timeout for this tab (src/web/lib/settings.ts), so the
// test reaches the service-timeout message without waiting the endpoint's 30 s.
test('a call with no answer within its timeout shows the service-timeout message', async ({ page }) => {
  await page.route(PRE_EVALUATION, () => {
    // Never answered: the connection hangs like an unresponsive gateway.
  });
  await page.goto('/credinstante?__timeoutMs=1500');
  await fillCredinstanteLead(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectErrorDialog(
    page,
    'Estamos teniendo inconvenientes con el servidor. Inténtalo de nuevo en unos minutos.',
  );
});

test('the promoter login shows the error classes too (HTTP 500)', async ({ page }) => {
  await page.route('**/api/private/v1.1/inicioSesion', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/promotor');
  await page.getByLabel('Usuario').fill('promotor');
  await page.getByLabel('Contraseña').fill('Promotor2026');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expectErrorDialog(page, 'Ocurrió un error en el servidor');
});
