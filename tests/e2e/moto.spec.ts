/**
 * Moto in the browser against the embedded service (sandbox mode): one row per thing a browser
 * shows in the spec's "Motorcycle" tables (000 §4): the evaluation phases, the in-process
 * dialog, the closed-office dialog with its image and the rejection page; the signature link
 * (`/firma-electronica`) the back office's approval texts; and the happy path from the landing
 * to the congratulations with the letter and the contract documents downloadable and their
 * figures matching the simulation. Every other transition, and what each of SCENARIOS.md's
 * identities reads at its dialog (identity `30000001`–`30000004`, contract documents
 * `33000001`), is proven headlessly by `npm run test:paths` (tests/paths/reads.ts).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  answerQuestions,
  cell,
  freshDni,
  latestSms,
  pdfText,
  submitLead,
  submitPersonalData,
} from './helpers.ts';

// The policy evaluation shows its phases for 5 s; a whole application takes longer than 30 s.
test.describe.configure({ timeout: 90_000 });

const EVALUATION_MS = 15_000;

/** Submits the lead form of /moto for `dni`. Answers the mobile number used. */
const submitMotoLead = (page: Page, dni: string): Promise<string> => submitLead(page, '/moto', { dni });

/** The personal data step (3 of 6). */
const PERSONAL_DATA = { heading: 'Completa tus datos', progress: 'Paso 3 de 6', timeout: EVALUATION_MS };

/** Confirms the simulator's proposal (the largest term and amount). */
async function submitSimulation(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Simula tu crédito' })).toBeVisible();
  await page.getByRole('button', { name: 'Lo quiero' }).click();
}

type Through = 'preEvaluation' | 'policy' | 'personalData' | 'simulation' | 'documents';

/** Walks `dni` through the steps before `through` and the step itself. */
async function walk(page: Page, dni: string, through: Through): Promise<void> {
  await submitMotoLead(page, dni);
  if (through === 'preEvaluation' || through === 'policy') return;
  await submitPersonalData(page, PERSONAL_DATA);
  if (through === 'personalData') return;
  await submitSimulation(page);
  if (through === 'simulation') return;
  await expect(page.getByRole('heading', { name: 'Registra tus documentos' })).toBeVisible();
  await page
    .getByLabel('Foto de tu DNI')
    .setInputFiles({ name: 'dni.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Sees = { heading: string; text?: string } | { dialog: string; image?: string; closesTo?: string };

interface Row {
  table: string;
  state: string;
  dni: string;
  through: Through;
  sees: Sees;
}

const IN_PROCESS = 'Ya tienes una solicitud en proceso.';
const PHASES = { heading: 'Estamos evaluando tu solicitud' };
const REJECTION = { heading: 'Lo sentimos', text: 'En esta oportunidad tu solicitud no fue aprobada.' };

/**
 * One row per thing a browser shows in these tables: the evaluation phases, the in-process
 * dialog, the closed-office dialog with its image and the rejection page. Every other state
 * of the pre-evaluation (23, 12, 28, 25, 26, 90, 27, 34, 29, 30, 31, 32, 33, 10, 11, -1, -2, -3),
 * policy evaluation (24, 25), personal data (23, 24, 90, 26), simulation (30, 26, 90) and
 * documents (30) tables is played by `npm run test:paths` (moto|<step>|<call>|code:*).
 */
const ROWS: Row[] = [
  { table: 'pre-evaluation', state: '00', dni: '50000000', through: 'preEvaluation', sees: PHASES },
  {
    table: 'pre-evaluation',
    state: '24',
    dni: '50000024',
    through: 'preEvaluation',
    sees: { dialog: IN_PROCESS },
  },
  {
    table: 'pre-evaluation',
    state: '-6',
    dni: '59000006',
    through: 'preEvaluation',
    sees: {
      dialog: 'La oficina virtual se encuentra cerrada en este momento.',
      image: '/images/oficina-deshabilitada.svg',
    },
  },
  { table: 'policy evaluation', state: '23', dni: '51000023', through: 'policy', sees: REJECTION },
];

test.describe('moto: the motorcycle state tables', () => {
  for (const row of ROWS) {
    test(`${row.table} ${row.state} (${row.dni}) → ${'heading' in row.sees ? row.sees.heading : row.sees.dialog}`, async ({
      page,
    }) => {
      await walk(page, row.dni === 'fresh' ? freshDni() : row.dni, row.through);
      if ('heading' in row.sees) {
        await expect(page.getByRole('heading', { name: row.sees.heading })).toBeVisible({
          timeout: EVALUATION_MS,
        });
        if (row.sees.text) await expect(page.getByText(row.sees.text)).toBeVisible();
        return;
      }
      const dialog = page.getByRole('dialog').filter({ hasText: row.sees.dialog });
      await expect(dialog).toBeVisible({ timeout: EVALUATION_MS });
      if (row.sees.image) await expect(dialog.locator(`img[src="${row.sees.image}"]`)).toBeVisible();
      if (row.sees.closesTo) {
        await dialog.getByRole('button', { name: 'Aceptar' }).click();
        await expect(page.getByLabel(row.sees.closesTo)).toBeVisible();
      }
    });
  }
});

/** From the landing to the credit approval (step 7): the application code (from the letter link) and the phone. */
async function toApproval(page: Page, dni: string): Promise<{ id: string; phone: string }> {
  const phone = await submitMotoLead(page, dni);
  await submitPersonalData(page, PERSONAL_DATA);
  await submitSimulation(page);
  await expect(page.getByRole('heading', { name: 'Tu crédito para moto' })).toBeVisible();
  const href = (await page.getByRole('link', { name: 'Ver carta (PDF)' }).getAttribute('href')) ?? '';
  const id = /\/(\d+)\?/.exec(href)?.[1];
  expect(id, 'the letter link names the application').toBeTruthy();
  return { id: id!, phone };
}

/**
 * The back office decides on the application (`estado`, none to leave it as the simulation
 * left it), then the applicant continues: step 9 (sign documents) hands over to the loading step.
 */
async function toSignature(
  page: Page,
  request: APIRequestContext,
  id: string,
  estado?: number,
): Promise<void> {
  if (estado !== undefined) {
    const r = await request.post(`/__sandbox/prospects/${id}/state`, { data: { estadoProspecto: estado } });
    expect(r.status()).toBe(200);
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Firma tus documentos' })).toBeVisible();
}

const HOME = /\/$/;

test.describe('moto: the signature link (/firma-electronica)', () => {
  test('approving the registration texts a link; opened later it leads from the credit detail to the congratulations', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const dni = freshDni();
    const { id, phone } = await toApproval(page, dni);
    const amount = await cell(page, /Monto/);
    expect(
      (await request.post(`/__sandbox/prospects/${id}/state`, { data: { estadoProspecto: 33 } })).status(),
    ).toBe(200);
    const sms = await latestSms(request, phone, { field: 'enlace' });
    const link = new URL(sms.enlace!);
    expect(link.pathname).toBe('/firma-electronica');
    // The applicant leaves and comes back from the SMS.
    await page.goto('/');
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { name: 'Detalle de tu crédito' })).toBeVisible({
      timeout: EVALUATION_MS,
    });
    expect(await cell(page, /Monto/)).toBe(amount);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Paso 1 de 3')).toBeVisible();
    await answerQuestions(page, request, dni);
    await expect(page.getByRole('heading', { name: 'Documentos de tu crédito' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Paso 3 de 3')).toBeVisible();
    await page
      .getByLabel('Código de verificación')
      .fill((await latestSms(request, phone, { field: 'token' })).token!);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
  });

  test('with an altered link: the page says to open the link sent by SMS, then goes home', async ({
    page,
  }) => {
    await page.goto('/firma-electronica?token=eyJhbGciOiJIUzI1NiJ9.e30.x');
    const dialog = page
      .getByRole('dialog')
      .filter({ hasText: 'Para firmar tus documentos abre el enlace que te enviamos por SMS.' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page).toHaveURL(HOME);
  });

  test('without a link: the page itself says to open the link sent by SMS, and its button goes home', async ({
    page,
  }) => {
    await page.goto('/firma-electronica');
    await expect(page.getByRole('heading', { name: 'Estimado cliente' })).toBeVisible();
    await expect(
      page.getByText('Para firmar tus documentos abre el enlace que te enviamos por SMS.'),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Ir al inicio' }).click();
    await expect(page).toHaveURL(HOME);
  });
});

test.describe('moto: what the applicant is told (issue 18)', () => {
  test('steps 1 to 6 show their number: lead 1, evaluation 2, personal data 3, simulator 4, documents 5, submission 6', async ({
    page,
  }) => {
    await page.goto('/moto');
    await expect(page.getByText('Paso 1 de 6')).toBeVisible();
    // 53000090: the simulation answers 90, so the documents (5) and the submission (6) follow.
    await submitMotoLead(page, '53000090');
    await expect(page.getByText('Paso 2 de 6')).toBeVisible();
    await submitPersonalData(page, PERSONAL_DATA);
    await expect(page.getByText('Paso 4 de 6')).toBeVisible();
    await submitSimulation(page);
    await expect(page.getByRole('heading', { name: 'Registra tus documentos' })).toBeVisible();
    await expect(page.getByText('Paso 5 de 6')).toBeVisible();
  });

  test('a rejected applicant asks to be contacted and is told an advisor will call', async ({ page }) => {
    // 52000023: rejected at the personal data (51000023 is the state-table row's, and one DNI applies once per run).
    await walk(page, '52000023', 'personalData');
    await expect(page.getByRole('heading', { name: 'Lo sentimos' })).toBeVisible({ timeout: EVALUATION_MS });
    await page.getByRole('button', { name: 'Quiero que me contacten' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Un asesor se comunicará contigo.' });
    await expect(dialog).toBeVisible();
  });

  test('after "Tu crédito para moto", a registration not approved yet is being reviewed and the link comes by SMS', async ({
    page,
    request,
  }) => {
    const at = await toApproval(page, freshDni());
    await toSignature(page, request, at.id);
    await expect(page.getByRole('heading', { name: 'Estamos revisando tu registro' })).toBeVisible({
      timeout: EVALUATION_MS,
    });
    await expect(
      page.getByText(/te enviaremos un SMS con el enlace para firmar tus documentos/),
    ).toBeVisible();
    await expect(page.getByText('Ya tienes una solicitud en proceso.')).toHaveCount(0);
    await expect(page).toHaveURL(/\/moto/);
  });
});

/** A percentage as shown ("65.00 %" or "65,00 %") or printed ("65.00%"), as a number. */
function rate(textWithRate: string, label: string): number {
  const m = new RegExp(`${label}[^\\d]*(\\d+[.,]\\d{2})\\s?%`).exec(textWithRate);
  expect(m, `${label} in "${textWithRate.slice(0, 200)}"`).toBeTruthy();
  return Number(m![1]!.replace(',', '.'));
}

test('moto happy path: landing to congratulations, the letter and the contract documents downloadable with the simulated figures', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const dni = freshDni();
  const phone = await submitMotoLead(page, dni);
  await expect(page.getByRole('status').filter({ hasText: 'Cargando datos' })).toBeVisible();
  await submitPersonalData(page, PERSONAL_DATA);
  await expect(page.getByRole('heading', { name: 'Simula tu crédito' })).toBeVisible();
  const simulated = (await page.locator('.simulator-result').textContent()) ?? '';
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await expect(page.getByRole('heading', { name: 'Tu crédito para moto' })).toBeVisible();

  const amount = await cell(page, /Monto/);
  const instalment = await cell(page, /Cuota mensual/);
  expect(amount).toMatch(/^S\/ [\d,.]+$/);
  expect(instalment).toMatch(/^S\/ [\d,.]+$/);

  const link = page.getByRole('link', { name: 'Ver carta (PDF)' });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/kong\/reporte\/cartamoto\/2\/\d+\?tipo=aprobacion$/);
  const letter = await pdfText(page.request, href!);
  expect(letter).toContain(amount);
  expect(letter).toContain(instalment);

  // Step 9: the back office approves the registration (33); the loading step (101) then shows the credit detail (102).
  const id = /\/(\d+)\?/.exec(href!)![1]!;
  await toSignature(page, request, id, 33);
  await expect(page.getByRole('heading', { name: 'Detalle de tu crédito' })).toBeVisible({
    timeout: EVALUATION_MS,
  });
  expect(await cell(page, /Monto/)).toBe(amount);
  expect(await cell(page, /Cuota mensual/)).toBe(instalment);
  const tea = rate(await cell(page, /TEA/), '');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // 103 identity validation, progress 1 of 3.
  await expect(page.getByRole('heading', { name: 'Valida tu identidad' })).toBeVisible();
  await expect(page.getByText('Paso 1 de 3')).toBeVisible();
  await answerQuestions(page, request, dni);

  // 104 contract documents, progress 2 of 3: each opens as a PDF; the summary sheet prints the simulated figures.
  await expect(page.getByRole('heading', { name: 'Documentos de tu crédito' })).toBeVisible();
  await expect(page.getByText('Paso 2 de 3')).toBeVisible();
  const links = page.getByRole('link', { name: /^Ver / });
  await expect(links).toHaveCount(4);
  const texts: string[] = [];
  for (let i = 0; i < 4; i++)
    texts.push(await pdfText(page.request, (await links.nth(i).getAttribute('href'))!));
  const summary = texts.find((t) => t.includes('Hoja resumen'));
  expect(summary, 'the summary sheet is among the documents').toBeTruthy();
  expect(summary).toContain(amount);
  expect(summary).toContain(instalment);
  expect(rate(summary!, 'Tasa Efectiva Anual \\(TEA\\) fija, año de 360 días')).toBe(tea);
  expect(rate(summary!, 'Tasa de Costo Efectiva Anual \\(TCEA\\)')).toBe(rate(simulated, 'TCEA'));
  expect(texts.some((t) => t.includes('Cronograma de pagos'))).toBe(true);
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // 105 electronic signature (step 10, the token), progress 3 of 3, with the code texted to the applicant.
  await expect(page.getByRole('heading', { name: 'Firma electrónica' })).toBeVisible();
  await expect(page.getByText('Paso 3 de 3')).toBeVisible();
  const sms = await latestSms(request, phone, { field: 'token' });
  expect(sms.token).toMatch(/^\d{6}$/);
  await page.getByLabel('Código de verificación').fill(sms.token!);
  await page.getByRole('button', { name: 'Continuar' }).click();

  // 106 congratulations.
  await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
  await expect(page.getByText('Firmaste los documentos de tu crédito.')).toBeVisible();
});
