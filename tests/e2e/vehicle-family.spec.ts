/**
 * The vehicle family in the browser, one whole journey per product against the embedded service
 * (sandbox mode), at 375 px: mototaxi, motofurgon and taxi-mujer from the landing to the
 * submission confirmation with the product's letter and on to the end page that leads home; moto Honda from the landing to its approval
 * letter and on to the signature's credit detail once the back office approves the registration.
 * Every branch of their state tables is played by `npm run test:paths`; a screenshot of each step
 * is written to the test's output folder (test-results/…/<step>.png).
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  APPLICANT,
  cell,
  fillLeadForm,
  freshDni,
  freshPhone,
  latestSms,
  pdfText,
  submitPersonalData,
} from './helpers.ts';

// The policy evaluation shows its phases for a few seconds; a whole application takes longer than 30 s.
test.describe.configure({ timeout: 90_000 });

const EVALUATION_MS = 15_000;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Keeps a picture of the page as the applicant sees it, named after the step. */
async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
}

/**
 * Landing to the simulator: the lead form, the evaluation phases and the personal data. `first`
 * is the pre-evaluation's step number: 1 for moto's, 0 for mototaxi's family (spec 000 §2).
 */
async function toSimulator(
  page: Page,
  info: TestInfo,
  route: string,
  heading: string,
  first: 0 | 1,
): Promise<void> {
  await page.goto(route);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByText(`Paso ${first} de 6`)).toBeVisible();
  await fillLeadForm(page, {
    ...APPLICANT,
    documento: freshDni(),
    celular: freshPhone(),
    ingresoMensual: '3500',
  });
  await shot(page, info, '1-pre-evaluacion');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Estamos evaluando tu solicitud' })).toBeVisible();
  await expect(page.getByText(`Paso ${first + 1} de 6`)).toBeVisible();
  await shot(page, info, '2-evaluacion');

  await submitPersonalData(page, {
    heading: 'Completa tus datos',
    progress: `Paso ${first + 2} de 6`,
    timeout: EVALUATION_MS,
    filled: () => shot(page, info, '3-datos-personales'),
  });

  await expect(page.getByRole('heading', { name: 'Simula tu crédito' })).toBeVisible();
  await expect(page.getByText(`Paso ${first + 3} de 6`)).toBeVisible();
  await shot(page, info, '4-simulador');
}

interface Variant {
  route: string;
  heading: string;
  /** The report path of its letter. */
  letter: string;
  /** The product's name, printed on the letter. */
  product: string;
}

const VARIANTS: Variant[] = [
  {
    route: '/mototaxi',
    heading: 'Solicita tu crédito para mototaxi',
    letter: 'cartamototaxi',
    product: 'Mototaxi',
  },
  {
    route: '/motofurgon',
    heading: 'Solicita tu crédito para motofurgón',
    letter: 'cartamotofurgon',
    product: 'Motofurgón',
  },
  {
    route: '/taxi-mujer',
    heading: 'Solicita tu crédito Taxi mujer',
    letter: 'cartataxi',
    product: 'Taxi mujer',
  },
];

for (const v of VARIANTS) {
  test(`${v.route}: landing to the submission confirmation with the ${v.letter} letter`, async ({
    page,
  }, info) => {
    await toSimulator(page, info, v.route, v.heading, 0);
    await page.getByRole('button', { name: 'Lo quiero' }).click();

    await expect(page.getByRole('heading', { name: 'Registra tus documentos' })).toBeVisible();
    await expect(page.getByText('Paso 4 de 6')).toBeVisible();
    await page
      .getByLabel('Foto de tu DNI')
      .setInputFiles({ name: 'dni.png', mimeType: 'image/png', buffer: PNG });
    await shot(page, info, '5-documentos');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(page.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible();
    await expect(page.getByText('Paso 5 de 6')).toBeVisible();
    await expect(page.getByText('Un asesor revisará tu solicitud')).toBeVisible();
    const amount = await cell(page, /Monto/);
    expect(amount).toMatch(/^S\/ [\d,.]+$/);
    const href = await page.getByRole('link', { name: 'Ver carta (PDF)' }).getAttribute('href');
    expect(href).toMatch(new RegExp(`^/kong/reporte/${v.letter}/2/\\d+$`));
    const letter = await pdfText(page.request, href!);
    expect(letter).toContain(v.product);
    expect(letter).toContain(amount);
    await shot(page, info, '6-confirmacion');

    // The end page: the credit chosen, the letter to keep and what happens next, then home.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Tu solicitud está completa' })).toBeVisible();
    await expect(page.getByText('Paso 6 de 6')).toBeVisible();
    await expect(page.getByText(/te llamará al 9\d{8}/)).toBeVisible();
    expect(await cell(page, /Monto/)).toBe(amount);
    await expect(page.getByRole('link', { name: 'Ver carta (PDF)' })).toHaveAttribute('href', href!);
    await shot(page, info, '7-solicitud-completa');
    await page.getByRole('button', { name: 'Ir al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('/moto-honda: landing to the approval letter, then the signature once the registration is approved', async ({
  page,
  request,
}, info) => {
  await toSimulator(page, info, '/moto-honda', 'Solicita tu crédito para moto Honda', 1);
  await page.getByRole('button', { name: 'Lo quiero' }).click();

  await expect(page.getByRole('heading', { name: 'Tu crédito para moto' })).toBeVisible();
  const amount = await cell(page, /Monto/);
  // The approval report answers the letter's address in `message`, on the service's public URL.
  const href = (await page.getByRole('link', { name: 'Ver carta (PDF)' }).getAttribute('href')) ?? '';
  const url = new URL(href, page.url());
  expect(url.pathname).toMatch(/^\/kong\/reporte\/cartamoto\/2\/\d+$/);
  expect(url.search).toBe('?tipo=aprobacion');
  const letter = await pdfText(page.request, url.pathname + url.search);
  expect(letter).toContain('Moto Honda');
  expect(letter).toContain(amount);
  await shot(page, info, '7-aprobacion');

  const id = /\/(\d+)$/.exec(url.pathname)![1]!;
  expect(
    (await request.post(`/__sandbox/prospects/${id}/state`, { data: { estadoProspecto: 33 } })).status(),
  ).toBe(200);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Firma tus documentos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Detalle de tu crédito' })).toBeVisible({
    timeout: EVALUATION_MS,
  });
  expect(await cell(page, /Monto/)).toBe(amount);
  await shot(page, info, '8-detalle-credito');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Valida tu identidad' })).toBeVisible();
  await shot(page, info, '9-validacion-identidad');
});

test('/seminuevo: landing to the express report, the income declaration signed by SMS code and the credit detail', async ({
  page,
  request,
}, info) => {
  const phone = freshPhone();
  await page.goto('/seminuevo');
  await expect(
    page.getByRole('heading', { name: 'Solicita tu crédito para un vehículo seminuevo' }),
  ).toBeVisible();
  await expect(page.getByText('Paso 1 de 6')).toBeVisible();
  await fillLeadForm(page, {
    ...APPLICANT,
    documento: freshDni(),
    placa: 'SNV-123',
    celular: phone,
    ingresoMensual: '3500',
  });
  await shot(page, info, '1-pre-evaluacion');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Paso 2 de 6')).toBeVisible();
  await shot(page, info, '2-evaluacion');

  await submitPersonalData(page, {
    heading: 'Tus datos personales',
    progress: 'Paso 3 de 6',
    timeout: EVALUATION_MS,
    filled: () => shot(page, info, '3-datos-personales'),
  });

  await expect(page.getByRole('heading', { name: 'Simula tu crédito' })).toBeVisible();
  await expect(page.getByText('Paso 4 de 6')).toBeVisible();
  await shot(page, info, '4-simulador');
  await page.getByRole('button', { name: 'Lo quiero' }).click();

  // Simulation 26 goes straight to the documents (no final data step).
  await expect(page.getByRole('heading', { name: 'Tus documentos' })).toBeVisible();
  await expect(page.getByText('Paso 5 de 6')).toBeVisible();
  await page
    .getByLabel('DNI (ambas caras)')
    .setInputFiles({ name: 'dni.png', mimeType: 'image/png', buffer: PNG });
  await shot(page, info, '5-documentos');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Documents 30: an express evaluation, its report and the approval.
  await expect(page.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible({
    timeout: EVALUATION_MS,
  });
  await expect(page.getByText('Paso 6 de 6')).toBeVisible();
  await expect(page.getByText(/está aprobado/)).toBeVisible();
  const amount = await cell(page, /Monto/);
  const href = await page.getByRole('link', { name: 'Ver carta (PDF)' }).getAttribute('href');
  expect(href).toMatch(/^\/kong\/reporte\/seminuevoExpress\/consumo\/2\/\d+$/);
  const report = await pdfText(page.request, href!);
  expect(report).toContain('Seminuevo');
  expect(report).toContain(amount);
  await shot(page, info, '6-confirmacion');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // 8 income declaration, 9 its SMS code.
  await expect(page.getByRole('heading', { name: 'Declaración jurada de ingresos' })).toBeVisible();
  await page.getByLabel(/Ingreso mensual neto/).fill('3500');
  await page.getByRole('checkbox', { name: /Declaro bajo juramento/ }).check();
  await shot(page, info, '8-declaracion-jurada');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu firma' })).toBeVisible();
  const { token } = await latestSms(request, phone, { field: 'token' });
  await page.getByLabel('Código de verificación').fill(token!);
  await shot(page, info, '9-confirmacion-token');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Detalle de tu crédito' })).toBeVisible({
    timeout: EVALUATION_MS,
  });
  expect(await cell(page, /Monto/)).toBe(amount);
  await shot(page, info, '10-detalle-credito');
});

test('/credito-semi-nuevo serves the same product', async ({ page }) => {
  await page.goto('/credito-semi-nuevo');
  await expect(
    page.getByRole('heading', { name: 'Solicita tu crédito para un vehículo seminuevo' }),
  ).toBeVisible();
  await expect(page.getByLabel(/^\*?\s*Placa del vehículo$/)).toBeVisible();
});
