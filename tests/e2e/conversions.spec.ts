/**
 * GNV conversions and the account change in the browser against the embedded service
 * (sandbox mode). The conversion routes: the campaign landing from the data form to the
 * contracts (step 7) with the attribution it sends and the tracking event it fires; the side
 * menu's /autoclass with the renewal link of "04"; /conversion at an offer status. The
 * account change: a credit signed on /celulares, then the SMS link on a new browser, the code
 * to the phone on file and the new account. Every other branch is played by
 * `npm run test:paths` (conversion, campanaconversiones, autoclass, cambiarcuenta).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  answerQuestions,
  APPLICANT,
  choose,
  enterPhoneCode,
  fillLeadForm,
  freshDni,
  freshPhone,
  latestSms,
  takePhoto,
} from './helpers.ts';

// A whole application (policy phases, identity, documents, selfie, signature) takes over a minute.
test.describe.configure({ timeout: 240_000 });

/** A plate no other test of this run uses. */
const freshPlate = (): string =>
  `C${String(Math.floor(Math.random() * 90) + 10)}-${String(Math.floor(Math.random() * 900) + 100)}`;

/** Fills the conversion data form (step 2) and submits it. */
async function submitData(page: Page, dni: string, phone: string): Promise<void> {
  await page.getByLabel(/^\*?\s*DNI$/).fill(dni);
  await page.getByLabel(/^\*?\s*Placa del vehículo$/).fill(freshPlate());
  await expect(page.getByRole('radio', { name: 'Auto, station wagon o SUV' })).toBeChecked();
  await page.getByLabel(/^\*?\s*Celular$/).fill(phone);
  await page.getByLabel(/^\*?\s*Correo electrónico$/).fill('ana@example.com');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

test('campaign landing to the contracts: data, offer form, offers (product 24 first), confirmation, documents', async ({
  page,
}) => {
  await page.goto('/campanaconversiones?utm_source=facebook&utm_medium=cpc&utm_campaign=gnv2026&channel=1');
  await expect(page.getByRole('heading', { name: 'Campaña de conversiones a GNV' })).toBeVisible();
  const evaluation = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/kong/prospecto/v2.0/producto/conversion'),
  );
  const dni = freshDni();
  await submitData(page, dni, freshPhone());
  const sent = (await evaluation).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    documento: dni,
    categoriaVehiculo: 'M1',
    origen: 8,
    utm_source: 'facebook',
    utm_medium: 'cpc',
    utm_campaign: 'gnv2026',
  });
  expect(sent).not.toHaveProperty('terms');

  // Step 3: the offer form of a new evaluation; the ads conversion fired without personal data.
  await expect(page.getByRole('heading', { name: 'Cuéntanos de tu vehículo' })).toBeVisible();
  const events = await page.evaluate(() => JSON.stringify(window.dataLayer ?? []));
  expect(events).toContain('conversion_evaluacion_aprobada');
  expect(events).not.toContain(dni);
  await page.getByLabel(/^\*?\s*Año de fabricación$/).fill('2021');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 4: product 24 first, then the car products 19 and 20.
  await expect(page.getByRole('heading', { name: 'Elige tu oferta' })).toBeVisible();
  const offers = page.getByRole('radio');
  await expect(offers).toHaveCount(3);
  await expect(page.locator('.offer-card').first()).toContainText('Conversión GNV: plan a 36 meses');
  await page.screenshot({ path: test.info().outputPath('conversion-ofertas-375.png'), fullPage: true });
  await page.getByRole('radio', { name: /taller afiliado/ }).check();
  await page.getByRole('button', { name: 'Elegir esta oferta' }).click();

  // Step 5: confirm the data.
  await expect(page.getByRole('heading', { name: 'Confirma tus datos' })).toBeVisible();
  await page.getByLabel(/^\*?\s*Dirección de tu domicilio$/).fill('Av. Arequipa 1234, Lince');
  await page.getByLabel(/^\*?\s*Correo electrónico$/).fill('ana@example.com');
  await page.getByRole('checkbox', { name: /propietario del vehículo/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 7: the contracts of the registered offer, as PDFs.
  await expect(page.getByRole('heading', { name: 'Tus contratos' })).toBeVisible();
  const links = page.getByRole('link', { name: /^Ver / });
  await expect(links).toHaveCount(5);
  // Sent inline: each opens from a blob URL (the PDF bytes are proven by the handler tests).
  await expect(links.first()).toHaveAttribute('href', /^blob:/);
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
  await expect(page.getByText('Un asesor te llamará para agendar la conversión')).toBeVisible();
});

test('the side menu opens /autoclass; an approved loan ("04") links to /renovacion', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Conversiones GNV' }).first().click();
  await expect(page).toHaveURL(/\/autoclass$/);
  await submitData(page, '71000004', freshPhone());
  const dialog = page.getByRole('dialog').filter({ hasText: 'Ya tenemos un préstamo aprobado para ti' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Ir a renovación' })).toHaveAttribute('href', '/renovacion');
});

test('/conversion at an offer status (70000018) goes to the offers of products 19 and 20; the SMS link resumes there on a new browser', async ({
  page,
  request,
  browser,
}) => {
  const phone = freshPhone();
  await page.goto('/conversion');
  await submitData(page, '70000018', phone);
  await expect(page.getByRole('heading', { name: 'Elige tu oferta' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(2);

  const sms = await latestSms(request, phone, { field: 'enlace' });
  const link = new URL(sms.enlace!);
  expect(link.pathname).toBe('/conversion');
  const other = await browser.newContext();
  const phonePage = await other.newPage();
  await phonePage.goto(link.pathname + link.search);
  await expect(phonePage.getByRole('heading', { name: 'Elige tu oferta' })).toBeVisible();
  await expect(phonePage.getByRole('radio')).toHaveCount(2);
  await other.close();
});

/** A celulares credit signed end to end by `dni` on `phone` (the account change needs an approved credit). */
async function signedCredit(
  page: Page,
  request: APIRequestContext,
  dni: string,
  phone: string,
): Promise<void> {
  await page.goto('/celulares');
  await fillLeadForm(page, { ...APPLICANT, documento: dni, celular: phone });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await enterPhoneCode(page, request, phone);
  await expect(page.getByRole('button', { name: 'Lo quiero' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await answerQuestions(page, request, dni);
  await choose(page, 'Tipo de residencia', 'Propia');
  await choose(page, 'Departamento', 'Lima');
  await choose(page, 'Provincia', 'Lima');
  await choose(page, 'Distrito');
  await page.getByLabel('Dirección').fill('Av. Arequipa 1234');
  await page.getByRole('button', { name: 'Datos de contacto' }).click();
  await page.getByLabel('Correo electrónico').fill('ana@example.com');
  await page.getByRole('button', { name: 'Datos para el desembolso' }).click();
  await page.getByRole('radio', { name: 'Ahorros' }).check();
  await choose(page, 'Entidad bancaria', 'BBVA');
  await page.getByRole('textbox', { name: 'Número de cuenta', exact: true }).fill('0011036601000325');
  await page.getByLabel('Código de cuenta interbancario (CCI)').fill('01136600010003254221');
  await page.getByRole('button', { name: 'Confirmar datos' }).click();
  await expect(page.getByRole('checkbox', { name: 'Acepto todos los documentos' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await takePhoto(page);
  await expect(page.getByText('Paso 7 de 7')).toBeVisible();
  const sms = await latestSms(request, phone, { field: 'token' });
  await page.getByLabel('Código de verificación').fill(sms.token!);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
}

test('account change: the SMS link of a signed credit, on a new browser, a code to the phone on file, the new account', async ({
  page,
  request,
  browser,
}) => {
  const dni = freshDni();
  const phone = freshPhone();
  await signedCredit(page, request, dni, phone);
  const link = await latestSms(request, phone, { field: 'enlace' });
  expect(link.enlace).toMatch(/\/cambiarcuenta\?token=/);

  // The link opens the one application on another device (a browser with no cookies).
  const other = await browser.newContext();
  const phonePage = await other.newPage();
  const before = ((await (await request.get(`/__sandbox/outbox?celular=${phone}`)).json()) as unknown[])
    .length;
  await phonePage.goto(new URL(link.enlace!).pathname + new URL(link.enlace!).search);
  await expect(phonePage.getByRole('heading', { name: 'Ingresa el código' })).toBeVisible();
  await expect(phonePage.getByText(`${phone.slice(0, 1)}*****${phone.slice(-3)}`)).toBeVisible();
  const code = await latestSms(request, phone, { field: 'token', after: before });
  await phonePage.getByLabel('Código de verificación').fill(code.token!);
  await phonePage.getByRole('button', { name: 'Continuar' }).click();

  await expect(phonePage.getByRole('heading', { name: 'Tu nueva cuenta' })).toBeVisible();
  await phonePage.getByRole('radio', { name: 'Ahorros' }).check();
  await choose(phonePage, 'Entidad bancaria', 'BCP');
  await phonePage.getByRole('textbox', { name: 'Número de cuenta', exact: true }).fill('19111357545808');
  await phonePage.getByLabel('Código de cuenta interbancario (CCI)').fill('00219111357545808250');
  await phonePage.getByRole('button', { name: 'Continuar' }).click();
  await expect(phonePage.getByRole('heading', { name: 'Cambiamos tu cuenta' })).toBeVisible();
  await expect(phonePage.getByText('****8250', { exact: false })).toBeVisible();
  await phonePage.screenshot({ path: test.info().outputPath('cambiarcuenta-listo-375.png'), fullPage: true });
  // The change is confirmed by SMS to the phone on file.
  await expect
    .poll(async () => JSON.stringify(await (await request.get(`/__sandbox/outbox?celular=${phone}`)).json()))
    .toContain('****8250');
  await other.close();
});
