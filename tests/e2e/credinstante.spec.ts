/**
 * Credinstante in the browser against the embedded service (sandbox mode): the happy path
 * from the landing to the congratulations, and one row per response code of spec 000 §4
 * "Credinstante and celulares response codes", with the identities of SCENARIOS.md. Each
 * row starts at the step it tests and asserts what the applicant reads.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** A fresh mobile number per test: the outbox and the SMS limits are per number. */
let phoneSeq = Math.floor(Math.random() * 9_000_000);
function nextPhone(): string {
  phoneSeq = (phoneSeq + 1) % 100_000_000;
  return `9${String(phoneSeq).padStart(8, '0')}`;
}

/** Fills the lead form with `dni` and submits it. Answers the phone used. */
async function submitLead(page: Page, dni: string, query = ''): Promise<string> {
  const phone = nextPhone();
  await page.goto(`/credinstante${query}`);
  await page.getByLabel('Número de documento').fill(dni);
  await page.getByLabel('Fecha de nacimiento').fill('1990-05-10');
  await page.getByLabel('Placa del vehículo').fill('ABC123');
  await page.getByLabel('Celular').fill(phone);
  await page.getByLabel('Correo electrónico').fill('ana@example.com');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  return phone;
}

async function latestSms(request: APIRequestContext, phone: string): Promise<{ texto: string; token?: string; enlace?: string }> {
  let last: { texto: string; token?: string; enlace?: string } | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get(`/__sandbox/outbox?celular=${phone}`)).json()) as { texto: string; token?: string; enlace?: string }[];
      last = list[0];
      return list.length;
    })
    .toBeGreaterThan(0);
  return last!;
}

/** Picks `option` (its visible text) in the antd select labelled `label`; the first option when omitted. */
async function choose(page: Page, label: RegExp | string, option?: string): Promise<void> {
  await page.getByLabel(label).click();
  if (option) await page.getByTitle(option, { exact: true }).click();
  else await page.keyboard.press('Enter');
}

/** Answers the identity questions right, from the sandbox helper. */
async function answerQuestions(page: Page, request: APIRequestContext, dni: string): Promise<void> {
  const right = (await (await request.get(`/__sandbox/identity/${dni}`)).json()) as { respuestas: { pregunta: string; respuesta: string }[] };
  for (const r of right.respuestas) {
    await page.getByRole('group', { name: r.pregunta }).getByRole('radio', { name: r.respuesta, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Fills the confirmation data (home panel) and confirms. */
async function confirmData(page: Page): Promise<void> {
  await choose(page, /Tipo de residencia/);
  await choose(page, /Provincia/);
  await choose(page, /Distrito/);
  await page.getByLabel(/Dirección/).fill('Av. Arequipa 123');
  await page.getByRole('button', { name: 'Confirmar datos' }).click();
}

/** Fills the bank details with a BCP account and its valid CCI, and continues. */
async function fillBank(page: Page): Promise<void> {
  await choose(page, /Entidad bancaria/, 'Banco de Crédito del Perú (BCP)');
  await page.getByLabel('Ahorros').check();
  await page.getByLabel(/Número de cuenta/).fill('19111357545808');
  await page.getByLabel(/CCI/).fill('00219111357545808250');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Takes the face photo with the fake camera and sends it. */
async function takePhoto(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /datos biométricos/ }).check();
  await page.getByRole('button', { name: 'Activar cámara' }).click();
  await page.getByRole('button', { name: 'Tomar foto' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

test('happy path: landing to congratulations, with the contract documents downloadable', async ({ page, request }) => {
  // Eight steps, each a lazy chunk and a call or two: more than one step's time.
  test.setTimeout(120_000);
  const dni = '45678912';
  const phone = await submitLead(page, dni);
  await expect(page.getByText('Paso 3 de 7')).toBeVisible();
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await answerQuestions(page, request, dni);
  await confirmData(page);
  await fillBank(page);
  const link = page.getByRole('link', { name: /^Ver / }).first();
  await expect(link).toBeVisible();
  const pdf = await request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await takePhoto(page);
  const sms = await latestSms(request, phone);
  await page.getByLabel(/Código de verificación/).fill(sms.token!);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
  await expect(page.getByText('Firmaste tu crédito Credinstante')).toBeVisible();
});
