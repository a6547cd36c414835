/**
 * Consumo in the browser against the embedded service (sandbox mode): a rejection page, the
 * in-process dialog that starts a new application, the under-18 refusal of the lead form and
 * the pre-approval letter (`54000034`); and the happy path from the landing to the
 * congratulations: the approval letter, the income declaration (8) with its SMS code (9), the
 * signature steps (101–106), the letter and contract documents matching the simulation. Every
 * other transition, and what each of SCENARIOS.md's identities reads at its dialog or page
 * (identity `30000001`–`30000004`, contract documents `33000001`, a wrong signing code, the
 * loading table), is proven headlessly by `npm run test:paths` (tests/paths/reads.ts).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  answerQuestions,
  cell,
  freshDni,
  freshPhone,
  pdfText,
  selectOption,
  submitLead,
  submitPersonalData,
} from './helpers.ts';

// The policy evaluation shows its phases for 3 s; a whole application takes longer than 30 s.
test.describe.configure({ timeout: 90_000 });

const EVALUATION_MS = 15_000;

/** Submits the consumer lead form of /consumo with `dni` (born on `fechaNacimiento`). */
async function submitConsumoLead(
  page: Page,
  dni: string,
  fechaNacimiento?: string,
  phone = '987654321',
): Promise<void> {
  await submitLead(page, '/consumo', { dni, phone, ...(fechaNacimiento ? { fechaNacimiento } : {}) });
}

/** The personal data step (3). */
const PERSONAL_DATA = { heading: 'Tus datos personales', timeout: EVALUATION_MS, incomePrefilled: true };

/** What the simulator shows when the applicant accepts it. */
interface Shown {
  amount: string;
  instalment: string;
}

/** Accepts the simulator's proposal (the largest amount and term), answering what it showed. */
async function submitSimulation(page: Page): Promise<Shown> {
  await expect(page.getByRole('heading', { name: 'Simula tu crédito' })).toBeVisible();
  await expect(page.getByText(/TEA actual: [\d.]+ % · TEA nueva: [\d.]+ %/)).toBeVisible();
  const amount = await page.getByLabel('Monto a solicitar', { exact: true }).inputValue();
  const instalment = (await page.getByTestId('instalment').textContent()) ?? '';
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  return { amount, instalment };
}

/** Fills and submits the final data step (10). */
async function submitFinalData(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Completa tus datos' })).toBeVisible();
  // The address given with the personal data comes filled in: it is not typed twice.
  await expect(page.getByLabel('Dirección de tu domicilio')).toHaveValue('Av. Arequipa');
  await page.screenshot({ path: test.info().outputPath('datos-finales.png'), fullPage: true });
  // The residence type is a name of the service's catalog.
  await selectOption(page, 'Tipo de residencia', 'Alquilada');
  await page.getByLabel('Referencia del domicilio').fill('Frente al parque');
  await page.getByLabel('Ocupación o actividad').fill('Contadora');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** A 1×1 PNG: the DNI photo of the documents step. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads the DNI photo on the documents step (5). */
async function submitDocuments(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Tus documentos' })).toBeVisible();
  await page
    .getByLabel('DNI (ambas caras)')
    .setInputFiles({ name: 'dni.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: /Vista previa/ })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

type Through = 'preEvaluation' | 'personalData' | 'simulation' | 'finalData' | 'documents';
const ORDER: Through[] = ['preEvaluation', 'personalData', 'simulation', 'finalData', 'documents'];

/** Plays the happy path for `dni` up to and including `last`. */
async function through(page: Page, dni: string, last: Through, phone?: string): Promise<Shown | null> {
  let shown: Shown | null = null;
  for (const step of ORDER.slice(0, ORDER.indexOf(last) + 1)) {
    if (step === 'preEvaluation') await submitConsumoLead(page, dni, undefined, phone);
    if (step === 'personalData') await submitPersonalData(page, PERSONAL_DATA);
    if (step === 'simulation') shown = await submitSimulation(page);
    if (step === 'finalData') await submitFinalData(page);
    if (step === 'documents') await submitDocuments(page);
  }
  return shown;
}

/** What the applicant sees at the end of a row. */
type Sees =
  /** A screen; `letter`: the confirmation links that report, its figures those simulated. */
  | { heading: string; text?: RegExp; letter?: 'aprobacion' | 'preaprobacion' }
  | { dialog: RegExp; then?: 'start' };

async function expectSees(page: Page, sees: Sees, shown: Shown | null): Promise<void> {
  if ('heading' in sees) {
    await expect(page.getByRole('heading', { name: sees.heading })).toBeVisible({ timeout: EVALUATION_MS });
    if (sees.text) await expect(page.getByText(sees.text)).toBeVisible();
    if (sees.letter) await expectLetter(page, sees.letter, shown);
    return;
  }
  const dialog = page.getByRole('dialog').filter({ hasText: sees.dialog });
  await expect(dialog).toBeVisible({ timeout: EVALUATION_MS });
  if (sees.then === 'start') {
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(dialog).toBeHidden();
    // Back on the lead form (step 1 of 7), a new application.
    await expect(page.getByRole('progressbar', { name: 'Paso 1 de 7' })).toBeVisible();
  }
}

const IN_PROCESS = /Ya tienes una solicitud en proceso./;
const REJECTED = { heading: 'Lo sentimos', text: /no fue aprobada/ };

/**
 * [what the row shows, the DNI, how far the happy path goes first, what the applicant sees]:
 * one row per screen or dialog kind, and the pre-approval letter (the approval letter is the
 * happy path's). The other transitions of these tables are played by `npm run test:paths`
 * (consumo|<step>|<call>|code:*).
 */
const ROWS: [string, string, Through, Sees][] = [
  ['pre-evaluation 91 → rejection', '50000091', 'preEvaluation', REJECTED],
  [
    'pre-evaluation 24 → in process, then start again',
    '50000024',
    'preEvaluation',
    { dialog: IN_PROCESS, then: 'start' },
  ],
  [
    'documents 34 → traditional evaluation: pre-approval letter',
    '54000034',
    'documents',
    { heading: 'Solicitud enviada', text: /preaprobado/, letter: 'preaprobacion' },
  ],
];

test.describe('consumo: each transition the sandbox identities reach', () => {
  for (const [name, dni, last, sees] of ROWS) {
    test(name, async ({ page }) => {
      const shown = await through(page, dni, last);
      await expectSees(page, sees, shown);
    });
  }

  test('an applicant under 18 is told so by the lead form, and nothing is sent (the service would answer −2)', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/preevaluacion/consumo')) sent.push(r.url());
    });
    await submitConsumoLead(page, freshDni(), '2015-03-01');
    await expect(page.getByText('Debes tener 18 años o más para solicitar un crédito')).toBeVisible();
    expect(sent).toEqual([]);
  });
});

/** "S/ 1,234.50" or "1234.5" → 1234.5 */
const amountOf = (s: string): number => Number(s.replace(/[^\d.]/g, ''));

/** The submission confirmation of an express approval: the credit summary and the approval letter with the simulated figures. */
async function expectApproved(page: Page, shown: Shown | null): Promise<void> {
  expect(shown).not.toBeNull();
  await expect(page.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible({
    timeout: EVALUATION_MS,
  });
  await expect(page.getByText(/está aprobado/)).toBeVisible();
  const summary = page.locator('.credit-summary');
  await expect(summary).toContainText(
    shown!.instalment
      .replace(/\s/g, ' ')
      .trim()
      .replace(/^S\/\s*/, ''),
  );
  await expectLetter(page, 'aprobacion', shown);
}

/** The confirmation's letter link is the `kind` report, a PDF with the simulated amount and instalment. */
async function expectLetter(
  page: Page,
  kind: 'aprobacion' | 'preaprobacion',
  shown: Shown | null,
): Promise<void> {
  expect(shown, 'the row went through the simulator').not.toBeNull();
  const href = await page.getByRole('link', { name: 'Ver carta (PDF)' }).getAttribute('href');
  expect(href).toMatch(new RegExp(`/kong/reporte/${kind}/2/\\d+$`));
  const text = await pdfText(page.request, href!);
  const amounts = [...text.matchAll(/S\/\s*([\d,]+\.\d{2})/g)].map((m) => amountOf(m[1]!));
  expect(amounts).toContain(amountOf(shown!.amount));
  expect(amounts).toContain(amountOf(shown!.instalment));
}

interface Sms {
  token?: string;
}

/** The signing codes texted to `phone`, newest first. */
async function codes(request: APIRequestContext, phone: string): Promise<string[]> {
  const list = (await (await request.get(`/__sandbox/outbox?celular=${phone}`)).json()) as Sms[];
  return list.flatMap((m) => (m.token ? [m.token] : []));
}

/** The code texted to `phone` after the `before` codes it already had. */
async function newCode(request: APIRequestContext, phone: string, before: number): Promise<string> {
  await expect.poll(async () => (await codes(request, phone)).length).toBeGreaterThan(before);
  return (await codes(request, phone))[0]!;
}

/** From the landing to the express approval (6), then on to the income declaration (8). */
async function toDeclaration(page: Page, dni: string, phone: string): Promise<Shown> {
  const shown = await through(page, dni, 'documents', phone);
  await expectApproved(page, shown);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Declaración jurada de ingresos' })).toBeVisible();
  return shown!;
}

/** Declares the income (8); the code goes to the application phone and the token step (9) shows. */
async function declare(page: Page, request: APIRequestContext, phone: string): Promise<string> {
  const before = (await codes(request, phone)).length;
  // The income confirmed with the personal data comes filled in.
  await expect(page.getByLabel(/Ingreso mensual neto/)).toHaveValue(/^(S\/\s?)?3,?500(\.00)?$/);
  await page.getByRole('checkbox', { name: /Declaro bajo juramento/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu firma' })).toBeVisible();
  return newCode(request, phone, before);
}

/** Enters `code` on the token step. */
async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Código de verificación').fill(code);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/**
 * The signature steps 103–105 count on their own: dots 1, 2, 3 of 3, not the consumer flow's 7
 * (spec 000 §2), under a heading that says the application is approved and this is the signature.
 */
async function expectDot(page: Page, n: number): Promise<void> {
  const bar = page.getByRole('progressbar', { name: `Paso ${n} de 3` });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Tu solicitud está aprobada. Ahora firma tu crédito');
  await page.screenshot({ path: test.info().outputPath(`firma-paso-${n}.png`), fullPage: true });
}

test('happy path to the end: landing, approval letter, income declaration, signature, congratulations; letter and contract documents match the simulation @desktop', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const dni = freshDni();
  const phone = freshPhone();
  const shown = await toDeclaration(page, dni, phone);
  await enterCode(page, await declare(page, request, phone));

  // 102 credit detail: the simulated figures.
  await expect(page.getByRole('heading', { name: 'Detalle de tu crédito' })).toBeVisible({
    timeout: EVALUATION_MS,
  });
  const amount = await cell(page, /Monto/);
  const instalment = await cell(page, /Cuota mensual/);
  expect(amountOf(amount)).toBe(amountOf(shown.amount));
  expect(amountOf(instalment)).toBe(amountOf(shown.instalment));
  await page.getByRole('button', { name: 'Continuar' }).click();

  // 103 identity, 1 of 3.
  await expect(page.getByRole('heading', { name: 'Valida tu identidad' })).toBeVisible();
  await expectDot(page, 1);
  await answerQuestions(page, request, dni);

  // 104 contract documents, 2 of 3: each a PDF of a consumer loan; the summary sheet prints the simulated figures.
  await expect(page.getByRole('heading', { name: 'Documentos de tu crédito' })).toBeVisible();
  await expectDot(page, 2);
  const links = page.getByRole('link', { name: /^Ver / });
  await expect(links).toHaveCount(4);
  const texts: string[] = [];
  for (let i = 0; i < 4; i++)
    texts.push(await pdfText(page.request, (await links.nth(i).getAttribute('href'))!));
  for (const t of texts) expect(t).toContain('Préstamo de consumo');
  const summary = texts.find((t) => t.includes('Hoja resumen'));
  expect(summary, 'the summary sheet is among the documents').toBeTruthy();
  expect(summary).toContain(amount);
  expect(summary).toContain(instalment);
  expect(texts.some((t) => t.includes('Cronograma de pagos'))).toBe(true);
  const before = (await codes(request, phone)).length;
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // 105 electronic signature, 3 of 3, with the code texted to the applicant.
  await expect(page.getByRole('heading', { name: 'Firma electrónica' })).toBeVisible();
  await expectDot(page, 3);
  await enterCode(page, await newCode(request, phone, before));

  // 106 congratulations.
  await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
  await expect(page.getByText(/Firmaste los documentos de tu crédito/)).toBeVisible();
});
