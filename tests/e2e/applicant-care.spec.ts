/**
 * What an applicant meets on every product, at 375 px (issue 23): the taxi's consent and
 * contact fields, the browser's back button inside a wizard, the last page's summary, and
 * "No me interesa" asking why. Each changed screen is checked by axe and photographed into
 * `test-results/screenshots/applicant-care/`.
 */
import { expect, test, type Page } from '@playwright/test';
import { APPLICANT, enterPhoneCode, fillLeadForm, freshDni, freshPhone, violations } from './helpers.ts';
import { EVALUATION_MS, SLOTS, toDocuments, toSimulator, upload, VEHICLE } from './taxi-journey.ts';

test.describe.configure({ timeout: 120_000 });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/applicant-care/${name}.png`, fullPage: true });
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('taxi asks for the mobile, the e-mail and consent, with the terms and the data notice linked', async ({
  page,
}) => {
  await page.goto('/taxi-profesional');
  await expect(page.getByRole('heading', { name: 'Solicita tu crédito para taxi' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Celular', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toBeVisible();
  const consent = page.getByRole('checkbox', {
    name: 'Acepto los términos y condiciones y el tratamiento de mis datos personales',
  });
  await expect(consent).not.toBeChecked();
  await expect(page.getByRole('link', { name: /términos y condiciones/ })).toHaveAttribute(
    'href',
    '/terminos-y-condiciones',
  );
  await expect(page.getByRole('link', { name: /datos personales/ })).toHaveAttribute(
    'href',
    '/proteccion-de-datos-personales',
  );
  // The required mark means one thing, said once.
  await expect(page.getByText('Los campos marcados con * son obligatorios.')).toHaveCount(1);
  await fillLeadForm(page, {
    documento: freshDni(),
    placa: 'TAA-123',
    celular: freshPhone(),
    correo: 'a@b.pe',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Nothing is sent without consent; the step says what is missing.
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Solicita tu crédito para taxi' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await shot(page, 'taxi-consent');
});

test('the back button goes to the step the flow allows, and says so where it does not', async ({ page }) => {
  await toSimulator(page);
  await page.goBack();
  // The vehicle may be changed before simulating again: back to it, within the wizard.
  await expect(page.getByRole('heading', VEHICLE)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/taxi-profesional');
  // Behind it lies the evaluation of the applicant's data: back stays, and says why.
  await page.goBack();
  const notice = page.getByRole('alert').filter({ hasText: 'Ya no puedes volver al paso anterior' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('heading', VEHICLE)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/taxi-profesional');
  await expect(notice.getByRole('button', { name: 'Salir al inicio' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await shot(page, 'back-refused');
});

test('the last page summarises the credit, lists the documents and offers the next action', async ({
  page,
}) => {
  await toDocuments(page);
  await upload(page, SLOTS);
  await expect(page.getByRole('heading', { name: 'Tu crédito para taxi' })).toBeVisible({
    timeout: EVALUATION_MS,
  });
  const summary = page.locator('.credit-summary');
  await expect(summary).toContainText('S/ 20,000.00');
  await expect(summary).toContainText('meses');
  await expect(summary).toContainText('Cuota mensual');
  const documents = page.getByRole('list', { name: 'Documentos para descargar' });
  await expect(documents.getByRole('link', { name: 'Ver carta (PDF)' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Tu solicitud está completa' })).toBeVisible();
  await expect(page.locator('.credit-summary')).toContainText('S/ 20,000.00');
  expect(await violations(page)).toEqual([]);
  await shot(page, 'end-page');
  await page.getByRole('button', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('"No me interesa" asks why before saving the decline, and sends the reason', async ({
  page,
  request,
}) => {
  const phone = freshPhone();
  await page.goto('/credinstante');
  await fillLeadForm(page, { ...APPLICANT, documento: freshDni(), placa: 'ABC123', celular: phone });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await enterPhoneCode(page, request, phone);
  await expect(page.getByRole('button', { name: 'Lo quiero' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'No me interesa' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Por qué no te interesa?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Elige un motivo para continuar.');
  expect(await violations(page)).toEqual([]);
  await shot(page, 'no-me-interesa');
  await dialog.getByRole('radio', { name: 'La cuota es muy alta' }).check();
  await dialog.getByRole('textbox', { name: 'Comentario' }).fill('Prefiero una cuota menor');
  const sent = page.waitForRequest((r) => r.url().includes('rechazo-prestamo'));
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ motivo: 1, comentario: 'Prefiero una cuota menor' });
  await expect(
    page.getByRole('dialog').filter({ hasText: 'Comentario guardado correctamente' }),
  ).toBeVisible();
});
