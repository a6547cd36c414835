/**
 * Professional taxi in the browser against the embedded service (sandbox mode): one row per
 * transition of the vehicle flow through server steps (spec 000 §4 "Vehicle flow via server
 * steps") that the identities of SCENARIOS.md "Taxi and vehicle flow through server steps"
 * reach, each asserting what the applicant reads; the documents step with and without all
 * five images and without an office; the SOAT variant (four images, one step to the SOAT
 * emission and its policy certificate); the instalment above the payment capacity; and the
 * happy paths to the last screen with the taxi letter downloadable and its figures matching
 * the simulation, and the vehicle defaults in what the site sends.
 *
 * The transitions no identity reaches (another "00" state at the check, a client not admitted,
 * another state at paso 2, a simulation answered "99", a SOAT not emitted) get that one answer
 * from `page.route`; every other call goes to the service. Product 25 subproduct 2 (step 2
 * without the state modal) has no browser row: /taxi-profesional always opens product 31
 * subproduct 1, and no parameter of the route changes the product.
 */
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { freshDni, pdfText } from './helpers.ts';
import {
  EVALUATION_MS,
  PNG,
  CHECK,
  DATA,
  SIMULATOR,
  DOCUMENTS,
  SLOTS,
  SLOTS_WITHOUT_SOAT,
  closeDialog,
  submitCheck,
  submitData,
  submitVehicle,
  toSimulator,
  toDocuments,
  upload,
} from './taxi-journey.ts';

// The policy evaluation shows its phases for 3 s; a whole application takes longer than 30 s.
test.describe.configure({ timeout: 90_000 });

/**
 * One answer of the service replaced: the call `call` (path and query, e.g.
 * `/api/private/v1.3/prospectos?paso=0`) is answered `reply(the body the page sent)`.
 */
interface Fake {
  call: string;
  reply: (sent: Record<string, unknown>) => Record<string, unknown>;
}

/** Answers the page's calls to `fake.call` with `fake.reply`; the other calls reach the service. */
async function fakeAnswer(page: Page, fake: Fake): Promise<void> {
  await page.route(
    (url) => url.pathname + url.search === fake.call,
    (route, request: Request) =>
      route.fulfill({ json: fake.reply((request.postDataJSON() ?? {}) as Record<string, unknown>) }),
  );
}

interface Row {
  dni: string;
  answer: string;
  /** The answer no identity gives, replaced in the browser (the DNI is then a fresh one). */
  fake?: Fake;
  /** The modal the applicant reads after the customer check. */
  modal: string;
  /** Where closing it leaves the applicant. */
  then: { name: string };
}

/**
 * The customer check in a browser: state 9 (the way in), "01" state 2 and the state no identity
 * gives. States 1, 3, 5, "01" state 1, "99" and "98" are played by `npm run test:paths`
 * (taxi-profesional|verificacion|submit|rule:…/rules/{1,2,4,5}, code:99, code:98).
 */
const ROWS: Row[] = [
  {
    dni: 'fresh',
    answer: '"00" state 9 → step 2 with modal 9',
    modal: 'Verificamos tus datos: puedes iniciar tu solicitud.',
    then: DATA,
  },
  {
    dni: '61000002',
    answer: '"01" state 2 → step 1 with modal 4',
    modal: 'Tu evaluación está en proceso',
    then: CHECK,
  },
  {
    dni: 'fresh',
    answer: '"00" state 2 → step 1 with the modal naming state 2',
    fake: {
      call: '/api/private/v1.3/prospectos?paso=0',
      reply: () => ({
        codigoRespuesta: '00',
        codigoEstado: 2,
        codigoProspecto: 1,
        detalleRespuesta: 'Cliente verificado',
      }),
    },
    modal: 'Tu solicitud no puede continuar en su estado actual (2). Comunícate con un asesor.',
    then: CHECK,
  },
];

test.describe('taxi-profesional: the customer check (paso 0)', () => {
  for (const row of ROWS) {
    test(`${row.dni}${row.fake ? ' (faked answer)' : ''}: ${row.answer}`, async ({ page }) => {
      if (row.fake) await fakeAnswer(page, row.fake);
      await submitCheck(page, row.dni === 'fresh' ? freshDni() : row.dni);
      await closeDialog(page, row.modal);
      await expect(page.getByRole('heading', row.then)).toBeVisible();
    });
  }

  test('60000001: the prospect is not in state 9, so saving the data goes back to step 1 with modal 8', async ({
    page,
  }) => {
    await submitCheck(page, '60000001');
    await closeDialog(page, 'Ya tienes una solicitud registrada con nosotros.');
    await submitData(page);
    await closeDialog(page, 'No pudimos registrar tu solicitud en este momento.');
    await expect(page.getByRole('heading', CHECK)).toBeVisible();
    await expect(page.getByLabel('DNI')).toHaveValue('');
  });
});

/** A transition after the customer check that no identity reaches: one answer is faked on the way. */
interface LaterRow {
  answer: string;
  fake: Fake;
  /** The applicant's way from a fresh customer check up to the faked call (answered by the service). */
  reach: (page: Page) => Promise<void>;
  /** What the applicant does that sends the faked call. */
  act: (page: Page) => Promise<void>;
  /** The dialog the applicant reads, closed with its OK button (none: straight to `then`). */
  modal?: string;
  /** The step heading the applicant is left on. */
  then: { name: string };
  /** A text the applicant reads there. */
  reads?: string;
}

/** A fresh applicant through the customer check, on the data step (paso 1). */
async function toData(page: Page): Promise<void> {
  await submitCheck(page, freshDni());
  await closeDialog(page, 'Verificamos tus datos: puedes iniciar tu solicitud.');
}

const LATER_ROWS: LaterRow[] = [
  {
    answer: 'admission score not admitted (resultado 3) → the rejection',
    fake: {
      call: '/api/private/v1.0/evaluacionScoreAdmision',
      reply: () => ({
        codigoRespuesta: '00',
        score: 420,
        resultado: 3,
        tipoEvaluacion: 6,
        importeMaximo: 0,
        detalleRespuesta: 'Cliente no admitido',
      }),
    },
    reach: toData,
    act: submitData,
    then: { name: 'Lo sentimos' },
    reads: 'En esta oportunidad tu solicitud no fue aprobada.',
  },
  {
    answer: 'paso 2 answering state 5 → modal 8, back to step 1',
    fake: {
      call: '/api/private/v1.3/prospectos?paso=2',
      reply: (sent) => ({
        codigoRespuesta: '00',
        codigoEstado: 5,
        codigoProspecto: sent.codigoProspecto,
        detalleRespuesta: 'La solicitud no puede continuar en su estado actual',
      }),
    },
    reach: async (page) => {
      await toData(page);
      await submitData(page);
    },
    act: (page) => submitVehicle(page),
    modal: 'No pudimos registrar tu solicitud en este momento.',
    then: CHECK,
  },
  {
    answer: 'the simulation answering "99" → its modal, the applicant stays on the simulator',
    fake: {
      call: '/api/private/v1.0/evaluacionScoreSimulador',
      reply: () => ({
        codigoRespuesta: '99',
        tipoSimulacion: 1,
        detalleRespuesta: 'La cuota supera la capacidad de pago',
        messages: ['La cuota supera la capacidad de pago'],
      }),
    },
    // The simulator's own entry call is answered by the service: only the applicant's simulation is faked.
    reach: async (page) => {
      await toSimulator(page);
      await page.getByRole('spinbutton', { name: 'Monto a solicitar' }).fill('20000');
    },
    act: (page) => page.getByRole('button', { name: 'Lo quiero' }).click(),
    modal: 'No pudimos registrar tu simulación: el monto supera lo que tus ingresos permiten.',
    then: SIMULATOR,
  },
  {
    answer: 'the SOAT emission answering "99" → the advisor modal, then the letter',
    fake: {
      call: '/api/private/v1.0/emisionSoat',
      reply: (sent) => ({
        codigoRespuesta: '99',
        codigoProspecto: sent.codigoProspecto,
        detalleRespuesta: 'La aseguradora no respondió',
      }),
    },
    reach: async (page) => {
      await toDocuments(page, { soat: true });
      await page
        .getByLabel(SLOTS_WITHOUT_SOAT[0]!, { exact: true })
        .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    },
    act: (page) => upload(page, SLOTS_WITHOUT_SOAT.slice(1)),
    modal: 'No pudimos emitir tu SOAT en este momento. Un asesor lo emitirá y te lo enviará',
    then: { name: 'Tu crédito para taxi' },
    reads: 'Descarga tu carta con las condiciones de tu crédito.',
  },
];

test.describe('taxi-profesional: the answers no identity gives (faked in the browser)', () => {
  for (const row of LATER_ROWS) {
    test(row.answer, async ({ page }) => {
      await row.reach(page);
      await fakeAnswer(page, row.fake);
      await row.act(page);
      if (row.modal) await closeDialog(page, row.modal);
      await expect(page.getByRole('heading', row.then)).toBeVisible({ timeout: EVALUATION_MS });
      if (row.reads) await expect(page.getByText(row.reads)).toBeVisible();
    });
  }
});

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

  test('without an office: one step on to the registered application, whatever is missing', async ({
    page,
  }) => {
    await toDocuments(page, { office: 'Sin oficina: un asesor recogerá mis documentos' });
    await upload(page, SLOTS.slice(0, 1));
    await expect(page.getByRole('heading', { name: 'Registramos tu solicitud' })).toBeVisible();
    await expect(
      page.getByText('Un asesor se comunicará contigo para recoger los documentos que falten'),
    ).toBeVisible();
  });

  test('SOAT variant without an office: one step on to the registered application as well, no SOAT emitted yet', async ({
    page,
  }) => {
    await toDocuments(page, { office: 'Sin oficina: un asesor recogerá mis documentos', soat: true });
    await upload(page, SLOTS_WITHOUT_SOAT.slice(0, 1));
    await expect(page.getByRole('heading', { name: 'Registramos tu solicitud' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tu SOAT' })).toHaveCount(0);
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
