/**
 * Celulares in the browser against the embedded service (sandbox mode): the happy path from
 * the landing to the congratulations with the documents downloadable, and one row per branch
 * of spec 000 §4 "Credinstante and celulares response codes" as it applies to the phone
 * product, with the identities of SCENARIOS.md. Each row asserts what the applicant reads.
 * What contract documents "01" (`33000001`) reads is proven by `npm run test:paths`
 * (tests/paths/reads.ts).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  answerQuestions,
  APPLICANT,
  confirmData,
  enterPhoneCode,
  fillLeadForm,
  freshPhone,
  latestSms,
  takePhoto,
} from './helpers.ts';

// The policy phases alone take 9 s; a whole application takes longer than the default 30 s.
test.describe.configure({ timeout: 240_000 });

/** The policy evaluation shows its phases (2 s, 1 s, 3 s, 3 s) before the answer is read. */
const EVALUATION_MS = 20_000;

/** Fills the phone lead form with `dni` and submits it. Answers the mobile number used. */
async function submitLead(page: Page, dni: string, query = ''): Promise<string> {
  const phone = freshPhone();
  await page.goto(`/celulares${query}`);
  await fillLeadForm(page, { ...APPLICANT, documento: dni, celular: phone });
  await page.getByRole('button', { name: 'Continuar' }).click();
  return phone;
}

/** The open dialog, once it shows `text`. */
async function dialogWith(page: Page, text: string | RegExp, timeout?: number): Promise<Locator> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible(timeout === undefined ? undefined : { timeout });
  return dialog;
}

/** Submits the lead of an eligible `dni` and types the phone code (step 2). Answers the phone used. */
async function submitEligible(page: Page, request: APIRequestContext, dni: string): Promise<string> {
  const phone = await submitLead(page, dni);
  await enterPhoneCode(page, request, phone);
  return phone;
}

/** From the landing to the quota simulator (any DNI the evaluation approves). */
async function toSimulator(page: Page, request: APIRequestContext, dni: string): Promise<string> {
  const phone = await submitEligible(page, request, dni);
  await expect(page.getByRole('button', { name: 'Lo quiero' })).toBeVisible({ timeout: EVALUATION_MS });
  await expect(page.getByText('Paso 3 de 7')).toBeVisible();
  return phone;
}

/** From the simulator through identity to the confirmation screen. */
async function toConfirmation(page: Page, request: APIRequestContext, dni: string): Promise<string> {
  const phone = await toSimulator(page, request, dni);
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await expect(page.getByText('Paso 4 de 7')).toBeVisible();
  await answerQuestions(page, request, dni);
  await expect(page.getByText('Paso 5 de 7')).toBeVisible();
  return phone;
}

/** The contract documents step: every document opens as a PDF; accepting them all texts the signature code. */
async function acceptDocuments(page: Page): Promise<void> {
  await expect(page.getByText('Paso 6 de 7')).toBeVisible();
  const links = page.getByRole('link', { name: /^Ver / });
  await expect(links.first()).toBeVisible();
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const href = await links.nth(i).getAttribute('href');
    expect(href, 'each document has a link').toBeTruthy();
    const head = await page.evaluate(async (url) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      return String.fromCharCode(...bytes.slice(0, 5));
    }, href!);
    expect(head).toBe('%PDF-');
  }
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Signs with the code texted to `phone`. */
async function sign(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await expect(page.getByText('Paso 7 de 7')).toBeVisible();
  const sms = await latestSms(request, phone);
  expect(sms.token).toMatch(/^\d{6}$/);
  await page.getByLabel('Código de verificación').fill(sms.token!);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

test('happy path: landing to congratulations, with the contract documents downloadable', async ({
  page,
  request,
}) => {
  const dni = '45678912';
  const phone = await toConfirmation(page, request, dni);
  await confirmData(page);
  await acceptDocuments(page);
  await takePhoto(page);
  await sign(page, request, phone);
  await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
  await expect(page.getByText('Firmaste el crédito de tu nuevo celular.', { exact: false })).toBeVisible();
});

const ESTIMADO = 'Estimado cliente';
const LO_SENTIMOS = 'Lo sentimos';

/**
 * Pre-evaluation (spec 000 §4): one code of the table, in a browser (the modal, its title, back
 * to step 1). Every other code of the table (11, 2, 99, "01", "03", -5, "05", "99", 0, 4) is
 * played by `npm run test:paths` (celulares|preEvaluacion|submit|code:*).
 */
const PRE_EVALUATION: { dni: string; code: string; title: string; text: string }[] = [
  { dni: '10000010', code: '10', title: ESTIMADO, text: 'Ya tienes una solicitud en proceso.' },
];

for (const row of PRE_EVALUATION) {
  test(`pre-evaluation ${row.code} (${row.dni}): "${row.text}", then the first step again`, async ({
    page,
  }) => {
    await submitLead(page, row.dni);
    const dialog = await dialogWith(page, row.text);
    await expect(dialog.getByText(row.title, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Paso 1 de 7')).toBeVisible();
  });
}

test('pre-evaluation "04" (10000044): a better offer, with a link to renewal instead of "Lo quiero"', async ({
  page,
}) => {
  await submitLead(page, '10000044');
  const dialog = await dialogWith(page, 'Ya tenemos un préstamo aprobado para ti');
  await expect(dialog.getByText('¡Felicidades!', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Lo quiero' })).toHaveCount(0);
  const link = dialog.getByRole('link', { name: 'Ir a renovación' });
  await expect(link).toHaveAttribute('href', '/renovacion');
  await link.click();
  await expect(page).toHaveURL(/\/renovacion$/);
});

/**
 * Policy evaluation (spec 000 §4), answered on the /celulares socket: one result in a browser;
 * 3, 2 → -1, -2, -3 and 1 are played by `npm run test:paths` (celulares|evaluacionPoliticas|wait|code:*).
 */
const POLICIES: { dni: string; result: string; title: string; text: string | RegExp }[] = [
  { dni: '20000000', result: '0', title: ESTIMADO, text: 'Cerrado temporalmente' },
];

for (const row of POLICIES) {
  test(`policy result ${row.result} (${row.dni}): "${String(row.text)}", then home`, async ({
    page,
    request,
  }) => {
    await submitEligible(page, request, row.dni);
    await expect(page.getByRole('heading', { name: 'Estamos evaluando tu solicitud' })).toBeVisible();
    const dialog = await dialogWith(page, row.text, EVALUATION_MS);
    await expect(dialog.getByText(row.title, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('policy evaluation never answers (20000099): after 180000 ms the timeout message', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await submitEligible(page, request, '20000099');
  await expect(page.getByRole('heading', { name: 'Estamos evaluando tu solicitud' })).toBeVisible();
  // The phases run on while the socket stays silent (the page's own clock also moves with real time).
  await expect(page.getByRole('status')).toHaveText(/Cargando datos|Verificando|Validando|Evaluando/);
  await page.clock.runFor(150_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Evaluando');
  await page.clock.runFor(31_000);
  const dialog = await dialogWith(page, 'Tu solicitud está tardando más de lo pensado');
  await expect(dialog.getByText('¡Tiempo de espera superado!')).toBeVisible();
});

/**
 * Identity validation (spec 000 §4): one code in a browser; "02", "03", "04" and "99" are
 * played by `npm run test:paths` (celulares|validacionIdentidad|*|code:*).
 */
const IDENTITY: { dni: string; code: string; text: string }[] = [
  { dni: '30000001', code: '01', text: 'No superaste la validación de identidad. Inténtalo de nuevo.' },
];

for (const row of IDENTITY) {
  test(`identity "${row.code}" (${row.dni}): "${row.text}"`, async ({ page, request }) => {
    await toSimulator(page, request, row.dni);
    await page.getByRole('button', { name: 'Lo quiero' }).click();
    await expect(page.getByText('Paso 4 de 7')).toBeVisible();
    await answerQuestions(page, request, row.dni);
    const dialog = await dialogWith(page, row.text);
    await expect(dialog.getByText(LO_SENTIMOS, { exact: true })).toBeVisible();
  });
}

test('biometrics: no record (31000001) skips the photo and goes to the signature', async ({
  page,
  request,
}) => {
  const dni = '31000001';
  await toConfirmation(page, request, dni);
  await confirmData(page);
  await acceptDocuments(page);
  await expect(page.getByText('Paso 7 de 7')).toBeVisible();
  await expect(page.getByLabel('Código de verificación')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activar cámara' })).toHaveCount(0);
});

test('biometrics: repeat (31000002) warns and retries until the counter reaches 2, then the signature', async ({
  page,
  request,
}) => {
  const dni = '31000002';
  await toConfirmation(page, request, dni);
  await confirmData(page);
  await acceptDocuments(page);
  await takePhoto(page);
  const dialog = await dialogWith(page, 'Vuelve a intentar tu verificación facial.');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Vuelve a intentar tu verificación facial.' }),
  ).toBeVisible();
  await takePhoto(page);
  await expect(page.getByText('Paso 7 de 7')).toBeVisible();
  await expect(page.getByLabel('Código de verificación')).toBeVisible();
});

test('biometrics: the provider is down (31000099), the application goes on to the signature', async ({
  page,
  request,
}) => {
  const dni = '31000099';
  await toConfirmation(page, request, dni);
  await confirmData(page);
  await acceptDocuments(page);
  // The record check itself fails: no photo is asked for, the signature comes next (code "99").
  await expect(page.getByText('Paso 7 de 7')).toBeVisible();
  await expect(page.getByLabel('Código de verificación')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('signature "01": a wrong code is refused, the right one signs', async ({ page, request }) => {
  const dni = '45678913';
  const phone = await toConfirmation(page, request, dni);
  await confirmData(page);
  await acceptDocuments(page);
  await takePhoto(page);
  await expect(page.getByText('Paso 7 de 7')).toBeVisible();
  const { token } = await latestSms(request, phone);
  const wrong = token === '000000' ? '111111' : '000000';
  await page.getByLabel('Código de verificación').fill(wrong);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const dialog = await dialogWith(page, 'El código ingresado es incorrecto.');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Paso 7 de 7')).toBeVisible();
});
