/**
 * Consumo in the browser against the embedded service (sandbox mode): one row per transition of
 * spec 000 §4 "Used vehicle, consumer, mototaxi, taxi, quoter, partner variant" that the
 * identities of SCENARIOS.md reach (`500000SS`, `590000NN` and an applicant under 18 at
 * pre-evaluation, `51…` to `54…` at the later steps), each asserting what the applicant reads,
 * and the happy path from the landing to the submission confirmation with the approval letter
 * downloadable and its figures matching the simulation.
 */
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

// The policy evaluation shows its phases for 3 s; a whole application takes longer than 30 s.
test.describe.configure({ timeout: 90_000 });

const EVALUATION_MS = 15_000;

/** A DNI no scenario lists (the sandbox happy path), different per test: applications resume by DNI. */
function freshDni(): string {
  return `4${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
}

/** Fills the consumer lead form with `dni` and submits it. */
async function submitLead(page: Page, dni: string, fechaNacimiento = '1990-05-10'): Promise<void> {
  await page.goto('/consumo');
  await page.getByLabel('DNI').fill(dni);
  await page.getByLabel('Fecha de nacimiento').fill(fechaNacimiento);
  await page.getByLabel('Celular').fill('987654321');
  await page.getByLabel('Correo electrónico').fill('ana@example.com');
  await page.getByLabel('Ingreso mensual (S/)').fill('3500');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Picks `option` (its visible text) in the form's select labelled `label` (the browser's own select). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

/** Fills and submits the personal data step (3). */
async function submitPersonalData(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Tus datos personales' })).toBeVisible({ timeout: EVALUATION_MS });
  await choose(page, 'Estado civil', 'Soltero(a)');
  await page.getByRole('radio', { name: 'Dependiente', exact: true }).check();
  await page.getByLabel('Ingreso mensual (S/)').fill('3500');
  await choose(page, 'Tipo de vía', 'Avenida');
  await page.getByLabel('Nombre de la vía').fill('Arequipa');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

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
  await page.getByLabel('Dirección de tu domicilio').fill('Av. Arequipa 1234, Lince');
  await page.getByLabel('Referencia del domicilio').fill('Frente al parque');
  await page.getByLabel('Ocupación o actividad').fill('Contadora');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** A 1×1 PNG: the DNI photo of the documents step. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Uploads the DNI photo on the documents step (5). */
async function submitDocuments(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Tus documentos' })).toBeVisible();
  await page.getByLabel('DNI (ambas caras)').setInputFiles({ name: 'dni.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: /Vista previa/ })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

type Through = 'preEvaluation' | 'personalData' | 'simulation' | 'finalData' | 'documents';
const ORDER: Through[] = ['preEvaluation', 'personalData', 'simulation', 'finalData', 'documents'];

/** Plays the happy path for `dni` up to and including `last`. */
async function through(page: Page, dni: string, last: Through): Promise<Shown | null> {
  let shown: Shown | null = null;
  for (const step of ORDER.slice(0, ORDER.indexOf(last) + 1)) {
    if (step === 'preEvaluation') await submitLead(page, dni);
    if (step === 'personalData') await submitPersonalData(page);
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

const IN_PROCESS = /Ya cuenta con solicitud en proceso/;
const ERROR = /no podemos procesar tu solicitud/;
const REJECTED = { heading: 'Lo sentimos', text: /no fue aprobada/ };

/** [what the row shows, the DNI, how far the happy path goes first, what the applicant sees]. */
const ROWS: [string, string, Through, Sees][] = [
  ['pre-evaluation 0 → policy evaluation → 25 personal data', freshDni(), 'preEvaluation', { heading: 'Tus datos personales' }],
  ['pre-evaluation 23 → personal data', '50000023', 'preEvaluation', { heading: 'Tus datos personales' }],
  ['pre-evaluation 25 → personal data', '50000025', 'preEvaluation', { heading: 'Tus datos personales' }],
  ['pre-evaluation 93 → personal data', '50000093', 'preEvaluation', { heading: 'Tus datos personales' }],
  ['pre-evaluation 26 → simulation (no stored simulation: the state stays)', '50000026', 'preEvaluation', { heading: 'Simula tu crédito' }],
  ['pre-evaluation 39 → simulation', '50000039', 'preEvaluation', { heading: 'Simula tu crédito' }],
  ['pre-evaluation 91 → rejection', '50000091', 'preEvaluation', REJECTED],
  ['pre-evaluation 30 → documents', '50000030', 'preEvaluation', { heading: 'Tus documentos' }],
  ['pre-evaluation 24 → in process, then start again', '50000024', 'preEvaluation', { dialog: IN_PROCESS, then: 'start' }],
  ['pre-evaluation 27 → in process', '50000027', 'preEvaluation', { dialog: IN_PROCESS }],
  ['pre-evaluation 34 → in process', '50000034', 'preEvaluation', { dialog: IN_PROCESS }],
  ['pre-evaluation 92 → in process', '50000092', 'preEvaluation', { dialog: IN_PROCESS }],
  ['pre-evaluation −1 → wrong identity data', '59000001', 'preEvaluation', { dialog: /no coinciden con tu documento/, then: 'start' }],
  ['pre-evaluation −2 → minor or invalid ID', '59000002', 'preEvaluation', { dialog: /mayor de edad/ }],
  ['pre-evaluation −3 → deactivated', '59000003', 'preEvaluation', { dialog: /no está habilitado/ }],
  ['policy evaluation 23 → rejection', '51000023', 'preEvaluation', REJECTED],
  ['policy evaluation 24 → we will let you know, then start again', '51000024', 'preEvaluation', { dialog: /Nos comunicaremos sobre el resultado/, then: 'start' }],
  ['personal data 23 → rejection', '52000023', 'personalData', REJECTED],
  ['personal data 24 → in process', '52000024', 'personalData', { dialog: IN_PROCESS }],
  ['personal data 90 → simulation', '52000090', 'personalData', { heading: 'Simula tu crédito' }],
  ['personal data 26 → simulation', freshDni(), 'personalData', { heading: 'Simula tu crédito' }],
  ['simulation 90 → final data (10)', '53000090', 'simulation', { heading: 'Completa tus datos' }],
  ['simulation 26 → final data (10)', freshDni(), 'simulation', { heading: 'Completa tus datos' }],
  ['simulation 30, not in the consumer table → error', '53000030', 'simulation', { dialog: ERROR }],
  ['final data → documents (5)', freshDni(), 'finalData', { heading: 'Tus documentos' }],
  ['final data −5, not in the consumer table → error', '54000005', 'finalData', { dialog: ERROR }],
  ['documents 34 → traditional evaluation: pre-approval letter', '54000034', 'documents', { heading: 'Solicitud enviada', text: /preaprobado/, letter: 'preaprobacion' }],
  ['documents 90 → traditional evaluation: pre-approval letter', '54000090', 'documents', { heading: 'Solicitud enviada', text: /preaprobado/ }],
  ['documents 30 → express evaluation: approval letter', freshDni(), 'documents', { heading: 'Solicitud enviada', text: /está aprobado/, letter: 'aprobacion' }],
];

test.describe('consumo: each transition the sandbox identities reach', () => {
  for (const [name, dni, last, sees] of ROWS) {
    test(name, async ({ page }) => {
      const shown = await through(page, dni, last);
      await expectSees(page, sees, shown);
    });
  }

  test('pre-evaluation of an applicant under 18 → −2 (minor)', async ({ page }) => {
    await submitLead(page, freshDni(), '2015-03-01');
    await expect(page.getByRole('dialog').filter({ hasText: /mayor de edad/ })).toBeVisible();
  });
});

/** The text of the PDF at `href`, fetched by the page (same session). */
async function pdfText(page: Page, href: string): Promise<string> {
  const bytes = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), href);
  expect(String.fromCharCode(...bytes.slice(0, 5))).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** "S/ 1,234.50" or "1234.5" → 1234.5 */
const amountOf = (s: string): number => Number(s.replace(/[^\d.]/g, ''));

test('happy path: landing to the submission confirmation, the approval letter matching the simulation @desktop', async ({ page }) => {
  const shown = await through(page, freshDni(), 'documents');
  expect(shown).not.toBeNull();
  await expect(page.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible({ timeout: EVALUATION_MS });
  await expect(page.getByText(/está aprobado/)).toBeVisible();
  const summary = page.locator('.ant-descriptions');
  await expect(summary).toContainText(shown!.instalment.replace(/\s/g, ' ').trim().replace(/^S\/\s*/, ''));
  await expectLetter(page, 'aprobacion', shown);
});

/** The confirmation's letter link is the `kind` report, a PDF with the simulated amount and instalment. */
async function expectLetter(page: Page, kind: 'aprobacion' | 'preaprobacion', shown: Shown | null): Promise<void> {
  expect(shown, 'the row went through the simulator').not.toBeNull();
  const href = await page.getByRole('link', { name: 'Ver carta (PDF)' }).getAttribute('href');
  expect(href).toMatch(new RegExp(`/kong/reporte/${kind}/2/\\d+$`));
  const text = await pdfText(page, href!);
  const amounts = [...text.matchAll(/S\/\s*([\d,]+\.\d{2})/g)].map((m) => amountOf(m[1]!));
  expect(amounts).toContain(amountOf(shown!.amount));
  expect(amounts).toContain(amountOf(shown!.instalment));
}
