/**
 * Professional taxi in the browser against the embedded service (sandbox mode): one row per
 * transition of the vehicle flow through server steps (spec 000 §4 "Vehicle flow via server
 * steps") that the identities of SCENARIOS.md "Taxi and vehicle flow through server steps"
 * reach, each asserting what the applicant reads; the documents step with and without all
 * five images and without an office; and the happy path to the last screen with the taxi
 * letter downloadable and its figures matching the simulation.
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

/** A plate of its own per test: the SOAT is emitted once per plate. */
function freshPlate(): string {
  const letter = String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return `T${letter}${letter}-${String(Math.floor(Math.random() * 900) + 100)}`;
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const CHECK = { name: 'Solicita tu crédito para taxi' };
const DATA = { name: 'Completa tus datos' };
const VEHICLE = { name: 'Datos de tu taxi' };
const SIMULATOR = { name: 'Simula tu crédito' };
const DOCUMENTS = { name: 'Registra tus documentos' };

/** The five document images, by the label the upload step shows. */
const SLOTS = ['DNI (ambas caras)', 'Tarjeta de propiedad', 'SOAT', 'Recibo de luz o agua', 'Revisión técnica'];

/** The dialog showing `text`. */
const dialogWith = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });

/** Closes the dialog showing `text` with its OK button. */
async function closeDialog(page: Page, text: string): Promise<void> {
  const dialog = dialogWith(page, text);
  await expect(dialog).toBeVisible({ timeout: EVALUATION_MS });
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog).toBeHidden();
}

/** Picks `option` in the antd select labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  // A required field's accessible name carries the asterisk: "* Estado civil".
  await page.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}$`) }).click();
  // antd keeps its accessible options hidden; the visible items carry the label as title.
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(option, { exact: true }).click();
}

/** Opens /taxi-profesional and submits the customer check (paso 0). */
async function submitCheck(page: Page, dni: string): Promise<void> {
  await page.goto('/taxi-profesional');
  await expect(page.getByRole('heading', CHECK)).toBeVisible({ timeout: EVALUATION_MS });
  await page.getByLabel('DNI').fill(dni);
  await page.getByLabel('Placa del taxi').fill(freshPlate());
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Fills and submits the applicant's data (paso 1). */
async function submitData(page: Page): Promise<void> {
  await expect(page.getByRole('heading', DATA)).toBeVisible();
  await choose(page, 'Estado civil', 'Soltero(a)');
  await page.getByRole('radio', { name: 'Dependiente', exact: true }).check();
  await page.getByLabel('Ingreso mensual (S/)').fill('3500');
  await choose(page, 'Tipo de vía', 'Avenida');
  await page.getByLabel('Nombre de la vía').fill('Arequipa');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Waits out the evaluation phases, then fills and submits the vehicle (paso 2). */
async function submitVehicle(page: Page, office = 'Oficina Principal - San Isidro'): Promise<void> {
  await expect(page.getByText('Cargando Datos').first()).toBeVisible();
  await expect(page.getByRole('heading', VEHICLE)).toBeVisible({ timeout: EVALUATION_MS });
  await choose(page, 'Marca', 'Toyota');
  await page.getByLabel('Modelo').fill('Yaris');
  await page.getByLabel('Año de fabricación').fill('2022');
  await choose(page, 'Oficina donde entregas tus documentos', office);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** From the customer check of a fresh applicant to the documents step. */
async function toDocuments(page: Page, office?: string): Promise<void> {
  await submitCheck(page, freshDni());
  await closeDialog(page, 'Verificamos tus datos: puedes iniciar tu solicitud.');
  await submitData(page);
  await submitVehicle(page, office);
  await expect(page.getByRole('heading', SIMULATOR)).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Monto a solicitar' }).fill('20000');
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await expect(page.getByRole('heading', DOCUMENTS)).toBeVisible({ timeout: EVALUATION_MS });
}

/** Chooses the images of `labels` and sends them. */
async function upload(page: Page, labels: readonly string[]): Promise<void> {
  for (const label of labels) await page.getByLabel(label, { exact: true }).setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Continuar' }).click();
}

interface Row {
  dni: string;
  answer: string;
  /** The modal the applicant reads after the customer check. */
  modal: string;
  /** Where closing it leaves the applicant. */
  then: { name: string };
}

const ROWS: Row[] = [
  { dni: 'fresh', answer: '"00" state 9 → step 2 with modal 9', modal: 'Verificamos tus datos: puedes iniciar tu solicitud.', then: DATA },
  { dni: '60000001', answer: '"00" state 1 → step 2 with modal 1', modal: 'Ya tienes una solicitud registrada con nosotros.', then: DATA },
  { dni: '60000003', answer: '"00" state 3 → step 2 with modal 3', modal: 'Tu solicitud tiene datos por actualizar.', then: DATA },
  { dni: '60000005', answer: '"00" state 5 → step 1 with modal 5', modal: 'Tu solicitud anterior está en revisión', then: CHECK },
  { dni: '61000001', answer: '"01" state 1 → step 1 with modal 7', modal: 'Ya cuenta con solicitud en proceso', then: CHECK },
  { dni: '61000002', answer: '"01" state 2 → step 1 with modal 4', modal: 'Tu evaluación está en proceso', then: CHECK },
  { dni: '69000099', answer: '"99" → modal 8', modal: 'No pudimos registrar tu solicitud en este momento.', then: CHECK },
  { dni: '69000098', answer: '"98" → modal 10', modal: 'No pudimos verificar tus datos en este momento.', then: CHECK },
];

test.describe('taxi-profesional: the customer check (paso 0)', () => {
  for (const row of ROWS) {
    test(`${row.dni}: ${row.answer}`, async ({ page }) => {
      await submitCheck(page, row.dni === 'fresh' ? freshDni() : row.dni);
      await closeDialog(page, row.modal);
      await expect(page.getByRole('heading', row.then)).toBeVisible();
    });
  }

  test('60000001: the prospect is not in state 9, so saving the data goes back to step 1 with modal 8', async ({ page }) => {
    await submitCheck(page, '60000001');
    await closeDialog(page, 'Ya tienes una solicitud registrada con nosotros.');
    await submitData(page);
    await closeDialog(page, 'No pudimos registrar tu solicitud en este momento.');
    await expect(page.getByRole('heading', CHECK)).toBeVisible();
    await expect(page.getByLabel('DNI')).toHaveValue('');
  });
});

test.describe('taxi-profesional: the documents (paso 3)', () => {
  test('with an office and a document missing: modal 11, the applicant stays; with all five: the confirmation', async ({ page }) => {
    await toDocuments(page);
    await upload(page, SLOTS.slice(0, 1));
    await closeDialog(page, 'Faltan documentos por adjuntar.');
    await expect(page.getByRole('heading', DOCUMENTS)).toBeVisible();
    // The service kept the first image: the other four complete the file.
    await upload(page, SLOTS.slice(1));
    await expect(page.getByRole('heading', { name: 'Tu crédito para taxi' })).toBeVisible();
  });

  test('without an office: one step on to the registered application, whatever is missing', async ({ page }) => {
    await toDocuments(page, 'Sin oficina: un asesor recogerá mis documentos');
    await upload(page, SLOTS.slice(0, 1));
    await expect(page.getByRole('heading', { name: 'Registramos tu solicitud' })).toBeVisible();
    await expect(page.getByText('Un asesor se comunicará contigo para recoger los documentos que falten')).toBeVisible();
  });
});

test('taxi-profesional happy path: check to the letter, with the file number, the SOAT policy and the simulated figures', async ({ page, request }) => {
  await submitCheck(page, freshDni());
  await closeDialog(page, 'Verificamos tus datos: puedes iniciar tu solicitud.');
  await submitData(page);
  await submitVehicle(page);
  await expect(page.getByRole('heading', SIMULATOR)).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Monto a solicitar' }).fill('20000');
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await expect(page.getByRole('heading', DOCUMENTS)).toBeVisible({ timeout: EVALUATION_MS });
  await upload(page, SLOTS);

  await expect(page.getByRole('heading', { name: 'Tu crédito para taxi' })).toBeVisible();
  await expect(page.getByText(/tu expediente es el EXP-\d{4}-\d{7} y tu SOAT quedó emitido con la póliza \S+\./)).toBeVisible();
  const amount = (await page.getByRole('row', { name: /Monto/ }).getByRole('cell').last().textContent())?.trim() ?? '';
  const instalment = (await page.getByRole('row', { name: /Cuota mensual/ }).getByRole('cell').last().textContent())?.trim() ?? '';
  expect(amount).toMatch(/^S\/ [\d,.]+$/);
  expect(instalment).toMatch(/^S\/ [\d,.]+$/);

  const link = page.getByRole('link', { name: 'Ver carta (PDF)' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/kong\/reporte\/cartataxi\/2\/\d+$/);
  const pdf = await request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  expect(text).toContain(amount);
  expect(text).toContain(instalment);
});
