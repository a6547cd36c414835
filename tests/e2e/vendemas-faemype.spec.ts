/**
 * Vende más and FAE MYPE in the browser against the embedded service, one journey each to its
 * end page on a 375 px phone. /vendemas never shows the side drawer or a link home, and its end
 * page leads back to its own first step. The link-started steps and every answer code are
 * played by tests/unit/vendemas-flow.test.ts and `npm run test:paths -- vendemas faemype`.
 */
import { expect, test, type Page } from '@playwright/test';
import { rucOfDni } from '../../src/engine/peru.ts';
import {
  answerQuestions,
  confirmAndSign,
  fillLeadForm,
  freshDni,
  freshPhone,
  selectOption,
} from './helpers.ts';

test.describe.configure({ timeout: 180_000 });

/** What /vendemas must never show: the menu button, the side drawer, a link in the bar or a way home. */
async function expectNoWayOff(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Productos digitales' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Inicio|Ir a página principal/ })).toHaveCount(0);
}

test('vende más: the partner opens the offer for a customer, who takes it and signs; the end page starts over on the same page', async ({
  page,
  request,
}) => {
  const dni = freshDni();
  const phone = freshPhone();
  await page.goto('/vendemas');
  await expect(page.getByRole('heading', { name: 'Tu oferta Vende más' })).toBeVisible();
  await expectNoWayOff(page);
  await fillLeadForm(page, { documento: dni, placa: 'ABC-123', celular: phone, terms: true });
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Without the texted link, the figures wait for the identity questions.
  await expect(page.getByText('Paso 2 de 6')).toBeVisible();
  await answerQuestions(page, request, dni);
  await expect(page.getByText('Paso 3 de 6')).toBeVisible();
  await expect(page.getByText('Desde S/ 300.00 hasta S/ 1,900.00', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'No me interesa' })).toBeVisible();
  await expectNoWayOff(page);
  await page.getByRole('button', { name: 'Lo quiero' }).click();

  await confirmAndSign(page, request, phone);
  await expect(page.getByText('Firmaste tu crédito Vende más', { exact: false })).toBeVisible();
  await expectNoWayOff(page);
  await page.getByRole('button', { name: 'Consultar otra oferta' }).click();
  await expect(page.getByRole('heading', { name: 'Tu oferta Vende más' })).toBeVisible();
  await expect(page).toHaveURL(/\/vendemas/);
});

test('FAE MYPE: the business data with its RUC, the offer and the signature', async ({ page, request }) => {
  const dni = freshDni();
  const phone = freshPhone();
  await page.goto('/faemype');
  await expect(page.getByRole('heading', { name: 'Los datos de tu negocio' })).toBeVisible();
  await fillLeadForm(page, { documento: dni, placa: 'ABC-123', celular: phone, terms: true });
  // A RUC whose check digit does not hold is refused in the form, in Spanish.
  const ruc = page.getByLabel(/RUC del negocio/);
  await ruc.fill('20100047219');
  await ruc.blur();
  await expect(page.getByText('Ingresa un RUC válido: 11 dígitos', { exact: false })).toBeVisible();
  await ruc.fill(rucOfDni(dni));
  await selectOption(page, 'Actividad del negocio', 'Bodega o venta al por menor de abarrotes');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByText('Paso 2 de 6')).toBeVisible();
  await answerQuestions(page, request, dni);
  await expect(page.getByText('Paso 3 de 6')).toBeVisible();
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await confirmAndSign(page, request, phone);
  await expect(
    page.getByText('Firmaste tu crédito FAE MYPE para tu negocio', { exact: false }),
  ).toBeVisible();
});
