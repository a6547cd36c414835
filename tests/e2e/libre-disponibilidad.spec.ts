/**
 * LibreDisponibilidad, LD-Bancarizador and /activacion-ld in the browser at 375 px against the
 * embedded service: an existing customer takes an LD (the simulator shows the Factor de
 * Recaudo) to the signature and activates it from the link texted after signing; a customer
 * without an account takes the LD-Bancarizador, collected at an office, to its letter. Every
 * branch of the offer, identity and activation codes is played by `npm run test:paths` and
 * `tests/unit/activacion-ld-flow.test.ts`.
 */
import { expect, test } from '@playwright/test';
import {
  confirmAndAccept,
  freshDni,
  freshPhone,
  latestSms,
  openOffer,
  passIdentityAndTakeOffer,
  pdfText,
  signWithCode,
} from './helpers.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 375, height: 812 } });

test('LibreDisponibilidad to the signature, then /activacion-ld from the texted link to the active credit', async ({
  page,
  request,
}) => {
  const dni = freshDni();
  const phone = freshPhone();
  await openOffer(page, '/LibreDisponibilidad', dni, phone, 5);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Paso 2 de 5')).toBeVisible();
  // The simulator shows the collection factor of the LD: 1.5 % of each GNV fill.
  await passIdentityAndTakeOffer(page, request, dni, 5, async () => {
    await expect(page.getByText('Factor de Recaudo: 1.50 % de cada carga de GNV')).toBeVisible();
  });
  await confirmAndAccept(page, 5);
  const signingCode = await signWithCode(page, request, phone);
  await expect(
    page.getByText('Te enviamos un SMS con el enlace para activarlo', { exact: false }),
  ).toBeVisible();

  const { enlace } = await latestSms(request, phone, { field: 'enlace' });
  expect(enlace).toMatch(/\/activacion-ld\?token=/);
  const link = new URL(enlace!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page.getByRole('heading', { name: 'Activa tu crédito de libre disponibilidad' }),
  ).toBeVisible();
  await expect(page.getByText('se recaude el 1.5 %', { exact: false })).toBeVisible();
  const letter = page.getByRole('link', { name: 'Ver la carta de activación del Factor de Recaudo (PDF)' });
  expect(await pdfText(page.request, (await letter.getAttribute('href'))!)).toContain('Factor de Recaudo');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Acepta la carta con tu código' })).toBeVisible();
  let code = signingCode;
  await expect
    .poll(async () => {
      code = (await latestSms(request, phone, { field: 'token' })).token!;
      return code !== signingCode;
    })
    .toBe(true);
  await page.getByLabel('Código de verificación').fill(code);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¡Tu crédito está activo!' })).toBeVisible();
  await expect(
    page.getByText('empieza a cobrarse en tu próxima carga de GNV', { exact: false }),
  ).toBeVisible();
});

test('LD-Bancarizador: the cash is collected at the office chosen, with the letter that names it', async ({
  page,
  request,
}) => {
  const dni = freshDni();
  const phone = freshPhone();
  await openOffer(page, '/LD-Bancarizador', dni, phone, 5);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await passIdentityAndTakeOffer(page, request, dni, 5);
  await confirmAndAccept(page, 5, 'Lima Cercado');
  await signWithCode(page, request, phone, 'Tu carta LD Bancarizador');
  const letter = page.getByRole('link', { name: 'Descargar la carta LD Bancarizador (PDF)' });
  const text = await pdfText(page.request, (await letter.getAttribute('href'))!);
  expect(text).toContain('LD Bancarizador');
  expect(text).toContain('Oficina Lima Cercado');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
  await expect(page.getByText('recoge tu dinero en la oficina que elegiste', { exact: false })).toBeVisible();
});
