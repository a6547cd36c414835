/**
 * The existing-customer offers in the browser against the embedded service: one journey per
 * product from the first form to the signature (renovación, extra efectivo, compra de deuda),
 * and the way in from a Credinstante '04' answer. Every branch of the offer and identity codes
 * is played by `npm run test:paths` (renovacion|inicio|submit|code:*, …).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { answerQuestions, fillLeadForm, freshDni, freshPhone, latestSms } from './helpers.ts';

test.describe.configure({ timeout: 180_000 });

/** Types in an antd select's search box and takes the first match. */
async function choose(page: Page, label: string, option?: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await expect(box).toBeEnabled();
  await box.click();
  if (option) await box.fill(option);
  await expect(page.getByRole('option').first()).toBeAttached();
  await box.press('Enter');
}

/** The first form: the customer's document, the plate of the credit's vehicle, their phone. */
async function openOffer(page: Page, route: string, dni: string, phone: string, total = 6): Promise<void> {
  await page.goto(route);
  await expect(page.getByText(`Paso 1 de ${total}`)).toBeVisible();
  await fillLeadForm(page, { documento: dni, placa: 'ABC-123', celular: phone, terms: true });
}

/** Identity questions, then the simulator with the offer's bounds: takes the offer. */
async function passIdentityAndTakeOffer(
  page: Page,
  request: APIRequestContext,
  dni: string,
  total = 6,
): Promise<void> {
  await expect(page.getByText(`Paso 2 de ${total}`)).toBeVisible();
  await answerQuestions(page, request, dni);
  await expect(page.getByText(`Paso 3 de ${total}`)).toBeVisible();
  await page.getByRole('button', { name: 'Lo quiero' }).click();
}

/** Confirmation with the disbursement account, then the contract documents accepted. */
async function confirmAndAccept(page: Page, total: number): Promise<void> {
  await expect(page.getByText(`Paso 4 de ${total}`)).toBeVisible();
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

  await expect(page.getByText(`Paso 5 de ${total}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ver / }).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Signs with the code texted to the customer's phone on file. */
async function signWithCode(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  const sms = await latestSms(request, phone, { field: 'token' });
  await page.getByLabel('Código de verificación').fill(sms.token!);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
}

/** Confirmation, documents, selfie and the signature. */
async function confirmAndSign(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await confirmAndAccept(page, 6);

  await page.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos biométricos/ }).check();
  await page.getByRole('button', { name: 'Activar cámara' }).click();
  await page.getByRole('button', { name: 'Tomar foto' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByText('Paso 6 de 6')).toBeVisible();
  await signWithCode(page, request, phone);
}

test('renovación: a customer in good standing renews to the signature', async ({ page, request }) => {
  const dni = freshDni();
  const phone = freshPhone();
  await openOffer(page, '/renovacion', dni, phone);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await passIdentityAndTakeOffer(page, request, dni);
  await confirmAndSign(page, request, phone);
  await expect(page.getByText('Cancelamos el saldo de tu crédito anterior', { exact: false })).toBeVisible();
});

test('extra efectivo: the extra cash is added to the balance, to the signature', async ({
  page,
  request,
}) => {
  const dni = freshDni();
  const phone = freshPhone();
  await openOffer(page, '/extraefectivo', dni, phone);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await passIdentityAndTakeOffer(page, request, dni);
  await confirmAndSign(page, request, phone);
  await expect(page.getByText('Lo sumamos al saldo de tu crédito', { exact: false })).toBeVisible();
});

test('compra de deuda: the declared debt at another bank is bought, to the signature', async ({
  page,
  request,
}) => {
  const dni = freshDni();
  const phone = freshPhone();
  await openOffer(page, '/compra-deuda', dni, phone);
  await page.getByRole('radio', { name: 'Interbank' }).check();
  await page.getByLabel(/Monto de la deuda/).fill('2500');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await passIdentityAndTakeOffer(page, request, dni);
  await confirmAndSign(page, request, phone);
  await expect(page.getByText('Pagaremos tu deuda en la otra entidad', { exact: false })).toBeVisible();
});

test('a Credinstante "04" answer leads to the renewal: "Lo quiero" opens /renovacion with what was typed', async ({
  page,
}) => {
  const phone = freshPhone();
  await page.goto('/credinstante');
  await fillLeadForm(page, {
    documento: '10000044',
    fechaNacimiento: '1990-05-10',
    placa: 'ABC-123',
    celular: phone,
    correo: 'ana@example.com',
    terms: true,
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Ya tenemos un préstamo aprobado para ti' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Lo quiero' }).click();
  // The address carries none of it; the form has the document, plate and phone typed before.
  await expect(page).toHaveURL(/\/renovacion$/);
  await expect(page.getByRole('heading', { name: 'Renueva tu crédito' })).toBeVisible();
  await expect(page.getByLabel('Número de documento')).toHaveValue('10000044');
  await expect(page.getByLabel('Placa del vehículo')).toHaveValue('ABC-123');
  await expect(page.getByLabel('Celular')).toHaveValue(phone);
  await page.screenshot({ path: test.info().outputPath('renovacion-desde-04-375.png'), fullPage: true });
});

test('contigo: a promoter applies for an existing customer, who signs the valued documents', async ({
  page,
  request,
}) => {
  await page.goto('/promotor');
  await page.getByLabel('Usuario').fill('promotor');
  await page.getByLabel('Contraseña').fill('Promotor2026');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/$/);
  const dni = freshDni();
  const phone = freshPhone();
  await openOffer(page, '/contigo', dni, phone, 5);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await passIdentityAndTakeOffer(page, request, dni, 5);
  await confirmAndAccept(page, 5);
  await signWithCode(page, request, phone);
  await expect(page.getByText('Tu cliente firmó su crédito Contigo', { exact: false })).toBeVisible();
});
