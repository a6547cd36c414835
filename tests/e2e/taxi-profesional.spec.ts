/**
 * Professional taxi in the browser against the embedded service (sandbox mode): the documents
 * step with a document missing and then all five images (the service keeps the first one); the
 * SOAT variant (four images, one step to the SOAT emission and its policy certificate); the
 * instalment above the payment capacity; and the happy path to the last screen with the taxi
 * letter downloadable and its figures matching the simulation, and the vehicle defaults in what
 * the site sends.
 *
 * Every answer of the customer check (paso 0) and of the later steps that SCENARIOS.md's
 * identities give, the dialog each leads to and where it leaves the applicant are proven by
 * `npm run test:paths` (its edges, and the texts in tests/paths/reads.ts); so are the
 * documents without an office, with or without the SOAT.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pdfText } from './helpers.ts';
import {
  EVALUATION_MS,
  SIMULATOR,
  DOCUMENTS,
  SLOTS,
  SLOTS_WITHOUT_SOAT,
  closeDialog,
  toSimulator,
  toDocuments,
  upload,
} from './taxi-journey.ts';

// The policy evaluation shows its phases for 3 s; a whole application takes longer than 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('taxi-profesional: the documents (paso 3)', () => {
  test('with an office and a document missing: modal 11, the applicant stays; with all five: the confirmation', async ({
    page,
  }) => {
    await toDocuments(page);
    await upload(page, SLOTS.slice(0, 1));
    await closeDialog(page, 'Faltan documentos por adjuntar.');
    await expect(page.getByRole('heading', DOCUMENTS)).toBeVisible();
    // The service kept the first image: the other four complete the file.
    await upload(page, SLOTS.slice(1));
    await expect(page.getByRole('heading', { name: 'Tu crédito para taxi' })).toBeVisible();
  });
});

/** On the letter screen: the amount and instalment shown are the ones the taxi letter PDF prints. */
async function expectLetterMatches(page: Page, request: APIRequestContext): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Tu crédito para taxi' })).toBeVisible();
  await expect(page.getByText(/tu expediente es el EXP-\d{4}-\d{7,}\./)).toBeVisible();
  const amount =
    (await page.getByRole('row', { name: /Monto/ }).getByRole('cell').last().textContent())?.trim() ?? '';
  const instalment =
    (
      await page
        .getByRole('row', { name: /Cuota mensual/ })
        .getByRole('cell')
        .last()
        .textContent()
    )?.trim() ?? '';
  expect(amount).toMatch(/^S\/ [\d,.]+$/);
  expect(instalment).toMatch(/^S\/ [\d,.]+$/);
  const href = await page.getByRole('link', { name: 'Ver carta (PDF)' }).getAttribute('href');
  expect(href).toMatch(/^\/kong\/reporte\/cartataxi\/2\/\d+$/);
  const text = await pdfText(request, href!);
  expect(text).toContain(amount);
  expect(text).toContain(instalment);
}

/** After the letter, the application ends on what happens next, not on the home page. */
async function expectNextSteps(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Tu solicitud está completa' })).toBeVisible();
  await expect(page.getByText(/revisará tu expediente EXP-\d{4}-\d{7,} y te llamará/)).toBeVisible();
  await expect(page).toHaveURL(/\/taxi-profesional/);
  await page.screenshot({ path: test.info().outputPath('siguientes-pasos.png'), fullPage: true });
}

/** The JSON bodies the page POSTs, by call path with its query (e.g. `/api/private/v1.3/prospectos?paso=0`). */
function recordBodies(page: Page): Map<string, Record<string, unknown>> {
  const sent = new Map<string, Record<string, unknown>>();
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    const url = new URL(r.url());
    try {
      sent.set(url.pathname + url.search, r.postDataJSON() as Record<string, unknown>);
    } catch {
      // Not JSON (none of the taxi calls): nothing to record.
    }
  });
  return sent;
}

test('taxi-profesional happy path: check to the letter, with the file number, the simulated figures and the vehicle defaults in what is sent', async ({
  page,
}) => {
  const sent = recordBodies(page);
  await toDocuments(page);
  await upload(page, SLOTS);
  await expectLetterMatches(page, page.request);
  // No SOAT screen: this applicant photographed their own.
  await expect(page.getByRole('link', { name: 'Ver póliza SOAT (PDF)' })).toHaveCount(0);
  await expectNextSteps(page);

  // Spec 000 §3: canal 2, numeroAsientos 4, evaluation type 6, simulation type 1, placement channel 4, credit-life insurance type 1, business days.
  expect(sent.get('/api/private/v1.3/prospectos?paso=0')).toMatchObject({
    canal: 2,
    canalColocacion: 4,
    codigoProducto: 31,
    tipoDocumento: 1,
  });
  // The applicant's data go through registro/adicional/taxi, not the server's paso 1.
  expect(sent.get('/kong/prospecto/v2.0/registro/adicional/taxi')).toMatchObject({ ingresoMensual: 3500 });
  expect(sent.has('/api/private/v1.3/prospectos?paso=1')).toBe(false);
  expect(sent.get('/api/private/v1.3/prospectos?paso=2')).toMatchObject({
    numeroAsientos: 4,
    emitirSoat: false,
  });
  expect(sent.get('/api/private/v1.0/evaluacionScoreAdmision')).toMatchObject({ tipoEvaluacion: 6 });
  expect(sent.get('/api/private/v1.0/evaluacionScoreSimulador')).toMatchObject({
    tipoSimulacion: 1,
    tipoSeguroDesgravamen: 1,
    diasHabiles: true,
    importeFinanciar: 20000,
  });
  expect(sent.get('/api/private/v1.0/evaluacionScoreCuota')).toMatchObject({
    tipoSimulacion: 1,
    tipoSeguroDesgravamen: 1,
    diasHabiles: true,
  });
});

test('taxi-profesional SOAT variant: four documents, one step to the SOAT emission with its policy PDF, then the letter', async ({
  page,
}) => {
  await toDocuments(page, { soat: true });
  // The SOAT is not asked for: it will be emitted.
  await expect(page.getByLabel('SOAT', { exact: true })).toHaveCount(0);
  await upload(page, SLOTS_WITHOUT_SOAT.slice(0, 1));
  await closeDialog(page, 'Sube las fotos de los cuatro documentos para continuar');
  await expect(page.getByRole('heading', DOCUMENTS)).toBeVisible();
  await upload(page, SLOTS_WITHOUT_SOAT.slice(1));

  await expect(page.getByRole('heading', { name: 'Tu SOAT' })).toBeVisible({ timeout: EVALUATION_MS });
  const message = page.getByText(
    /Emitimos el SOAT de tu taxi con la póliza (SOAT-\d{4}-[A-Z0-9]+-\d+), vigente hasta el (\d{2}\/\d{2}\/\d{4})\./,
  );
  await expect(message).toBeVisible();
  const [, poliza = '', hasta = ''] =
    /póliza (\S+), vigente hasta el (\S+)\./.exec((await message.textContent()) ?? '') ?? [];
  const href = await page.getByRole('link', { name: 'Ver póliza SOAT (PDF)' }).getAttribute('href');
  expect(href).toMatch(/^\/kong\/reporte\/soat\/2\/\d+$/);
  const text = await pdfText(page.request, href!);
  expect(text).toContain(poliza);
  expect(text).toContain(hasta);
  expect(text).toContain('Certificado');

  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectLetterMatches(page, page.request);
});

test('taxi-profesional: an instalment above the payment capacity is refused and the applicant simulates again', async ({
  page,
}) => {
  await toSimulator(page);
  // The largest amount over the shortest term: far above 40 % of the declared S/ 3,500.
  await page.getByRole('spinbutton', { name: 'Monto a solicitar' }).fill('60000');
  await page.getByRole('combobox', { name: 'Plazo', exact: true }).selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await closeDialog(page, 'La cuota elegida supera tu capacidad de pago.');
  await expect(page.getByRole('heading', SIMULATOR)).toBeVisible();
});
