/**
 * The partner consumer loan and the quoters in the browser against the embedded service
 * (sandbox mode), one complete journey per route: /consumo-alfin from the landing through the
 * guarantor the evaluation asks for (55000001) to the signature's congratulations, and each
 * quoter (/cotizador, /cotizador/taxi, /cotizador/consumo-alfin) from the landing to the quote:
 * the PDF opened and read, its figures those simulated, and the SMS with the product link.
 * The branches of these flows are played by `npm run test:paths`.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  answerQuestions,
  APPLICANT,
  fillLeadForm,
  freshDni,
  freshPhone,
  freshPlate,
  latestSms,
  pdfText,
  selectOption,
  submitLead,
  submitPersonalData,
} from './helpers.ts';
import { closeDialog, submitData, submitVehicle } from './taxi-journey.ts';

const EVALUATION_MS = 15_000;

/** The consumer personal data step (3). */
const PERSONAL_DATA = { heading: 'Tus datos personales', timeout: EVALUATION_MS, incomePrefilled: true };

/** Accepts the simulator's proposal, answering the amount and instalment it showed. */
async function acceptSimulation(page: Page): Promise<{ amount: number; instalment: number }> {
  await expect(page.getByRole('heading', { name: 'Simula tu crédito' })).toBeVisible({
    timeout: EVALUATION_MS,
  });
  const amount = Number(
    (await page.getByLabel('Monto a solicitar', { exact: true }).inputValue()).replace(/[^\d.]/g, ''),
  );
  const instalment = Number(
    ((await page.getByTestId('instalment').textContent()) ?? '').replace(/[^\d.]/g, ''),
  );
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  return { amount, instalment };
}

/** "S/ 1,234.50" as the PDFs print it. */
const soles = (x: number): string =>
  `S/ ${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Picks a district through the department and province selects before it. */
async function chooseDistrict(page: Page, label: string, district: string): Promise<void> {
  await selectOption(page, 'Departamento', 'Lima');
  await selectOption(page, 'Provincia', 'Lima');
  await selectOption(page, label, district);
}

interface Quoted {
  dni: string;
  phone: string;
  shown: { amount: number; instalment: number };
}

/** The consumer product opened from the quote's link: the applicant's contact, then the quoted amount. */
async function consumerCarries(page: Page, { dni, phone, shown }: Quoted): Promise<void> {
  await expect(page.getByLabel(/^\*?\s*DNI$/)).toHaveValue(dni);
  await expect(page.getByLabel(/^\*?\s*Celular$/)).toHaveValue(phone);
  await page.getByLabel(/^\*?\s*Fecha de nacimiento$/).fill(APPLICANT.fechaNacimiento);
  await page.getByLabel(/^\*?\s*Ingreso mensual \(S\/\)$/).fill('3500');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await submitPersonalData(page, PERSONAL_DATA);
  await expectQuotedAmount(page, shown.amount);
}

/** /taxi-profesional opened from the quote's link: the DNI, then (same income) the quoted amount and term. */
async function taxiCarries(page: Page, { dni, phone, shown }: Quoted): Promise<void> {
  await expect(page.getByLabel(/^\*?\s*DNI$/)).toHaveValue(dni);
  await fillLeadForm(page, {
    documento: dni,
    placa: freshPlate(),
    celular: phone,
    correo: 'taxista@example.com',
    terms: true,
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await closeDialog(page, 'Verificamos tus datos: puedes iniciar tu solicitud.');
  await submitData(page);
  const simulated = page.waitForResponse((r) =>
    r.url().endsWith('/api/private/v1.0/evaluacionScoreSimulador'),
  );
  await submitVehicle(page);
  const offer = (await (await simulated).json()) as { condicion?: number };
  if (offer.condicion === 12)
    await page
      .getByRole('dialog')
      .filter({ hasText: 'tasa preferente' })
      .getByRole('button', { name: 'Aceptar' })
      .click();
  await expectQuotedAmount(page, shown.amount);
}

/** The simulator opens on the quoted amount. */
async function expectQuotedAmount(page: Page, amount: number): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Simula tu crédito' })).toBeVisible();
  const amountField = page.getByLabel('Monto a solicitar', { exact: true });
  await expect.poll(async () => Number((await amountField.inputValue()).replace(/[^\d.]/g, ''))).toBe(amount);
}

/** `opens`: the product the quote's link opens; `carries`: how that product fills what the quote gave. */
const QUOTERS: {
  route: string;
  heading: string;
  product: RegExp;
  opens: string;
  carries: (page: Page, quoted: Quoted) => Promise<void>;
}[] = [
  {
    route: '/cotizador',
    heading: 'Cotiza tu crédito de consumo',
    product: /Consumo/,
    opens: '/consumo?',
    carries: consumerCarries,
  },
  {
    route: '/cotizador/taxi',
    heading: 'Cotiza tu crédito para taxi',
    product: /Taxi profesional/,
    opens: '/taxi-profesional?',
    carries: taxiCarries,
  },
  {
    route: '/cotizador/consumo-alfin',
    heading: 'Cotiza tu crédito de consumo Alfin',
    product: /Consumo/,
    opens: '/consumo-alfin?',
    carries: consumerCarries,
  },
];

for (const q of QUOTERS) {
  test(`${q.route}: landing, evaluation, simulation and the quote (PDF and SMS with the product link)`, async ({
    page,
    request,
  }) => {
    const phone = freshPhone();
    const dni = freshDni();
    await page.goto(q.route);
    await expect(page.getByRole('heading', { name: q.heading })).toBeVisible();
    await submitLead(page, q.route, { dni, phone });
    const shown = await acceptSimulation(page);

    await expect(page.getByRole('heading', { name: 'Tu cotización' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Paso 4 de 4' })).toBeVisible();
    const message = page.getByText(
      /Tu cotización COT-\d{8}-[0-9A-F]{6} es válida hasta el \d{2}\/\d{2}\/\d{4}/,
    );
    await expect(message).toBeVisible();
    const code = /COT-\d{8}-[0-9A-F]{6}/.exec((await message.textContent()) ?? '')![0];

    // The printable quote: code, amount, instalment, term, rates and validity, as simulated.
    const link = page.getByRole('link', { name: 'Descargar la cotización (PDF)' });
    const text = await pdfText(page.request, (await link.getAttribute('href'))!);
    expect(text).toContain(code);
    expect(text).toContain(soles(shown.amount));
    expect(text).toContain(soles(shown.instalment));
    expect(text).toMatch(q.product);
    for (const label of ['TEA', 'TCEA', 'Válida hasta', 'Cronograma referencial de pagos'])
      expect(text).toContain(label);

    // The SMS: the quote and a signed link to the product flow.
    const sms = await latestSms(request, phone, { field: 'enlace' });
    expect(sms.texto).toContain(code);
    expect(sms.enlace).toContain(`${q.opens}cotizacion=`);

    // The link opens the product with what the quote gave.
    const productLink = new URL(sms.enlace!);
    await page.goto(`${productLink.pathname}${productLink.search}`);
    await q.carries(page, { dni, phone, shown });
  });
}

/** The signature code texted to `phone` after the `before` codes it already had. */
async function newCode(request: APIRequestContext, phone: string, before: number): Promise<string> {
  const codes = async () =>
    (
      (await (await request.get(`/__sandbox/outbox?celular=${phone}`)).json()) as { token?: string }[]
    ).flatMap((m) => (m.token ? [m.token] : []));
  await expect.poll(async () => (await codes()).length).toBeGreaterThan(before);
  return (await codes())[0]!;
}

async function codeCount(request: APIRequestContext, phone: string): Promise<number> {
  const list = (await (await request.get(`/__sandbox/outbox?celular=${phone}`)).json()) as {
    token?: string;
  }[];
  return list.filter((m) => m.token).length;
}

test('/consumo-alfin: landing to the signature, with the guarantor the evaluation asks for (55000001)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const dni = '55000001';
  const phone = freshPhone();
  await page.goto('/consumo-alfin');
  await expect(page.getByRole('heading', { name: 'Solicita tu crédito de consumo Alfin' })).toBeVisible();
  await submitLead(page, '/consumo-alfin', { dni, phone });

  await submitPersonalData(page, PERSONAL_DATA);
  await acceptSimulation(page);

  // 10: the final data, with the work address and its district (ubigeo).
  await expect(page.getByRole('heading', { name: 'Completa tus datos' })).toBeVisible();
  await expect(page.getByLabel('Dirección de tu domicilio')).toHaveValue('Av. Arequipa');
  await selectOption(page, 'Tipo de residencia', 'Propia');
  await page.getByLabel('Referencia del domicilio').fill('Frente al parque');
  await page.getByLabel('Ocupación o actividad').fill('Contadora');
  await page.getByLabel('Dirección de tu trabajo o negocio').fill('Jr. de la Unión 500');
  await chooseDistrict(page, 'Distrito de tu trabajo o negocio', 'Lima');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // The guarantor the evaluation asks for: identity, income and address with its district.
  await expect(page.getByRole('heading', { name: 'Datos de tu aval' })).toBeVisible();
  await expect(page.getByText(/Tu evaluación requiere un aval/)).toBeVisible();
  // The guarantor types are the service's catalog (TIPO_AVAL): names shown, the code sent.
  const tipoAval = page.getByLabel(/Tipo de aval/);
  await expect(tipoAval.getByRole('option', { name: 'Garantía de ingresos' })).toHaveCount(1);
  await expect(tipoAval.getByRole('option', { name: 'Garantía mobiliaria' })).toHaveCount(1);
  await expect(tipoAval).toHaveValue('GI');
  await page.getByLabel('DNI del aval').fill('40404040');
  await page.getByLabel('Nombres del aval').fill('Rosa');
  await page.getByLabel('Apellidos del aval').fill('Quispe Mamani');
  await page.getByLabel('Celular del aval').fill('912345678');
  await page.getByLabel('Ingreso mensual neto del aval (S/)').fill('5000');
  await page.getByLabel('Dirección del domicilio del aval').fill('Av. Brasil 800');
  await chooseDistrict(page, 'Distrito del domicilio del aval', 'Jesús María');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // 5 documents, then the approval (express) and the signature.
  await expect(page.getByRole('heading', { name: 'Tus documentos' })).toBeVisible();
  await page.getByLabel('DNI (ambas caras)').setInputFiles({
    name: 'dni.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible({
    timeout: EVALUATION_MS,
  });
  await expect(page.getByText(/está aprobado/)).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Declaración jurada de ingresos' })).toBeVisible();
  let before = await codeCount(request, phone);
  await expect(page.getByLabel(/Ingreso mensual neto/)).toHaveValue(/^(S\/\s?)?3,?500(\.00)?$/);
  await page.getByRole('checkbox', { name: /Declaro bajo juramento/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu firma' })).toBeVisible();
  await page.getByLabel('Código de verificación').fill(await newCode(request, phone, before));
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Detalle de tu crédito' })).toBeVisible({
    timeout: EVALUATION_MS,
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Valida tu identidad' })).toBeVisible();
  await answerQuestions(page, request, dni);
  await expect(page.getByRole('heading', { name: 'Documentos de tu crédito' })).toBeVisible();
  before = await codeCount(request, phone);
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Firma electrónica' })).toBeVisible();
  await page.getByLabel('Código de verificación').fill(await newCode(request, phone, before));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
});
