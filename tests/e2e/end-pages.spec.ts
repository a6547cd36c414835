/**
 * What an applicant reads where a journey ends, at 375 px: Credinstante's end page sums up the
 * credit signed (amount, term, instalment), links the signed contract documents and leads home,
 * with the step numbers shown on the way; the evaluation that ran past its maximum wait (socket
 * "99") sends the applicant back to the form; and a renewal the online site cannot serve offers
 * the provider's office-site renewal page.
 */
import { expect, test } from '@playwright/test';
import {
  answerQuestions,
  cell,
  enterPhoneCode,
  freshDni,
  freshPhone,
  openOffer,
  signWithCode,
  takePhoto,
  violations,
} from './helpers.ts';
import { confirmData, fillBank, signedCodeSent, submitLead } from './credinstante-journey.ts';

/** "S/ 2,500.00", "2,500" or "2500" as a number. */
const amountOf = (text: string): number => Number(text.replace(/[^\d.]/g, ''));

test('credinstante: numbered steps to an end page that sums up the credit, links its documents and leads home', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const dni = freshDni();
  const phone = await submitLead(page, dni);
  await expect(page.getByText('Paso 2 de 7')).toBeVisible();
  await enterPhoneCode(page, request, phone);

  await expect(page.getByText('Paso 3 de 7')).toBeVisible();
  const instalment = page.getByTestId('instalment');
  await expect(instalment).toHaveText(/^S\/ /);
  const chosen = {
    amount: amountOf(await page.getByLabel('Monto a solicitar').inputValue()),
    instalment: (await instalment.textContent())!.trim(),
  };
  await page.getByRole('button', { name: 'Lo quiero' }).click();

  await expect(page.getByText('Paso 4 de 7')).toBeVisible();
  await answerQuestions(page, request, dni);
  await confirmData(page);
  await fillBank(page);
  await expect(page.getByText('Paso 6 de 7')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await takePhoto(page);
  await signedCodeSent(page);
  await expect(page.getByText('Paso 7 de 7')).toBeVisible();
  await signWithCode(page, request, phone);

  await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
  await expect(page.getByText('Tu crédito', { exact: true })).toBeVisible();
  expect(amountOf(await cell(page, /^Monto/))).toBe(chosen.amount);
  expect(await cell(page, /^Plazo/)).toMatch(/^\d+ meses$/);
  expect(await cell(page, /^Cuota mensual/)).toBe(chosen.instalment);
  const documents = page.getByRole('list', { name: 'Documentos para descargar' }).getByRole('link');
  await expect(documents.first()).toBeVisible();
  const pdf = await page.request.get((await documents.first().getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('credinstante-fin-375.png'), fullPage: true });

  await page.getByRole('button', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('credinstante: an evaluation past its maximum wait (socket "99") says so and sends the applicant back to the form', async ({
  page,
  request,
}) => {
  const phone = await submitLead(page, '20000098');
  await enterPhoneCode(page, request, phone);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Tiempo máximo de espera');
  await expect(dialog).toContainText('Vuelve a enviar tu solicitud');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Paso 1 de 7')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
});

for (const [dni, code] of [
  ['80000005', '05'],
  ['81000030', '11'],
  ['80000099', '99'],
] as const) {
  test(`renovación: "${code}" (DNI ${dni}) offers the office-site renewal page`, async ({ page }) => {
    await openOffer(page, '/renovacion', dni, freshPhone());
    await page.getByRole('button', { name: 'Continuar' }).click();
    const dialog = page.getByRole('dialog');
    const link = dialog.getByRole('link', { name: 'Renueva en la oficina virtual' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', 'https://www.oficinavirtual.pe/renovacion');
    await expect(link).toHaveAttribute('target', '_blank');
    await page.screenshot({ path: test.info().outputPath(`renovacion-${code}-375.png`) });
  });
}
