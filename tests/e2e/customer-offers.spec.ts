/**
 * The existing-customer offers in the browser against the embedded service: one journey per
 * product from the first form to the signature (renovación, extra efectivo, compra de deuda),
 * and the way in from a Credinstante '04' answer. Every branch of the offer and identity codes
 * is played by `npm run test:paths` (renovacion|inicio|submit|code:*, …).
 */
import { expect, test } from '@playwright/test';
import {
  confirmAndAccept,
  confirmAndSign,
  fillLeadForm,
  freshDni,
  freshPhone,
  openOffer,
  passIdentityAndTakeOffer,
  signWithCode,
} from './helpers.ts';

test.describe.configure({ timeout: 180_000 });

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
