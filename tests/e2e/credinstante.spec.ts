/**
 * Credinstante in the browser against the embedded service (sandbox mode): the happy path
 * from the landing to the congratulations, and one row per response code of spec 000 §4
 * "Credinstante and celulares response codes", with the identities of SCENARIOS.md. Each
 * row starts at the step it tests and asserts what the applicant reads.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  answerQuestions,
  enterPhoneCode,
  freshPhone,
  latestSms,
  ONE_PIXEL_PNG,
  takePhoto,
} from './helpers.ts';
import {
  acceptAndSign,
  confirmData,
  fillBank,
  signedCodeSent,
  submitEligible,
  submitLead,
} from './credinstante-journey.ts';

test('happy path: landing to congratulations, with the contract documents downloadable', async ({
  page,
  request,
}) => {
  // Eight steps, each a lazy chunk and a call or two: more than one step's time.
  test.setTimeout(120_000);
  const dni = '45678912';
  const phone = await submitEligible(page, request, dni);
  await expect(page.getByText('Paso 3 de 7')).toBeVisible();
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await answerQuestions(page, request, dni);
  await confirmData(page);
  await fillBank(page);
  const link = page.getByRole('link', { name: /^Ver / }).first();
  await expect(link).toBeVisible();
  const pdf = await request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await acceptAndSign(page, request, phone);
  await expect(page.getByText('Firmaste tu crédito Credinstante')).toBeVisible();
});

/** The open dialog holds `text`. */
async function expectDialog(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByRole('dialog')).toContainText(text);
}

/** From the landing to the identity questions (pre-evaluation, evaluation, simulator). */
async function toIdentity(page: Page, request: APIRequestContext, dni: string): Promise<string> {
  const phone = await submitEligible(page, request, dni);
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  return phone;
}

/** From the landing to the bank details. */
async function toBank(page: Page, request: APIRequestContext, dni: string): Promise<string> {
  const phone = await toIdentity(page, request, dni);
  await answerQuestions(page, request, dni);
  await confirmData(page);
  return phone;
}

/** From the landing to the contract documents, accepted and sent. */
async function throughDocuments(page: Page, request: APIRequestContext, dni: string): Promise<string> {
  const phone = await toBank(page, request, dni);
  await fillBank(page);
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  return phone;
}

const SIGNATURE = /Código de verificación/;

interface Row {
  branch: string;
  dni: string;
  /** Drives the page to the step and asserts what the applicant reads. */
  run: (page: Page, request: APIRequestContext, dni: string) => Promise<void>;
}

/** Submits the lead and expects a dialog with `text`. */
const leadDialog = (text: string | RegExp) => async (page: Page, _r: APIRequestContext, dni: string) => {
  await submitLead(page, dni);
  await expectDialog(page, text);
};

/**
 * The branches a browser must show: one modal of each kind (plain, with buttons, with an
 * image), the observed-policies step, the evaluation timeout on the page's clock and the
 * biometric retries. Every other code of these tables is played by `npm run test:paths`
 * (credinstante|<step>|<call>|code:*, tests/paths/covered.json).
 */
const ROWS: Row[] = [
  // Pre-evaluation (codigoRespuesta), spec 000 §4.
  {
    branch: 'pre-evaluation 10: request in process',
    dni: '10000010',
    run: leadDialog('Ya tienes una solicitud en proceso.'),
  },
  {
    branch: 'pre-evaluation "04": better offer approved, Lo quiero',
    dni: '10000044',
    run: async (page, _r, dni) => {
      await submitLead(page, dni);
      await expectDialog(page, 'Ya tenemos un préstamo aprobado para ti');
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Lo quiero' })).toBeVisible();
    },
  },
  {
    branch: 'pre-evaluation -6: waiting-list image',
    dni: '10000006',
    run: async (page, _r, dni) => {
      await submitLead(page, dni);
      await expectDialog(page, 'Te hemos registrado en nuestra lista de espera');
      await expect(page.getByRole('dialog').locator('img[src$="lista-de-espera.svg"]')).toBeVisible();
    },
  },
  // Policy evaluation (socket result).
  {
    branch: 'evaluation 0: Cerrado temporalmente',
    dni: '20000000',
    run: async (page, request, dni) => {
      await submitEligible(page, request, dni);
      await expectDialog(page, 'Cerrado temporalmente');
    },
  },
  {
    branch: 'evaluation 2, details "00": observed step with the policies to correct',
    dni: '20000002',
    run: async (page, request, dni) => {
      await submitEligible(page, request, dni);
      await expect(page.getByRole('heading', { name: 'Tu solicitud tiene observaciones' })).toBeVisible();
      await expect(page.getByRole('listitem').first()).toBeVisible();
    },
  },
  {
    branch: 'evaluation never answers: 180000 ms, then the timeout message',
    dni: '20000099',
    run: async (page, request, dni) => {
      await page.clock.install();
      await submitEligible(page, request, dni);
      // The evaluation's own heading: the phone-code step is "Paso 2 de 7" too, and the wait's
      // clock starts only when the evaluation step is entered.
      await expect(page.getByRole('heading', { name: 'Estamos evaluando tu solicitud' })).toBeVisible();
      await page.clock.fastForward(179_000);
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.clock.fastForward(2_000);
      await expectDialog(page, 'Tu solicitud está tardando más de lo pensado');
    },
  },
  // Simulator.
  // Identity questions.
  {
    branch: 'identity "01": failed',
    dni: '30000001',
    run: async (page, request, dni) => {
      await toIdentity(page, request, dni);
      await answerQuestions(page, request, dni);
      await expectDialog(page, 'No superaste la validación de identidad');
    },
  },
  // Facial biometrics.
  {
    branch: 'biometrics record check "01": no biometric path, on to the signature',
    dni: '31000001',
    run: async (page, request, dni) => {
      await throughDocuments(page, request, dni);
      await expect(page.getByLabel(SIGNATURE)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Activar cámara' })).toBeHidden();
    },
  },
  {
    branch: 'biometrics repeat: warning and step 7 until the counter reaches 2, then step 8',
    dni: '31000002',
    run: async (page, request, dni) => {
      await throughDocuments(page, request, dni);
      await takePhoto(page);
      await expectDialog(page, 'Vuelve a intentar tu verificación facial.');
      await page.getByRole('dialog').getByRole('button').first().click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'vuelve a intentar tu verificación facial' }),
      ).toBeVisible();
      await takePhoto(page);
      await expect(page.getByLabel(SIGNATURE)).toBeVisible();
    },
  },
  {
    branch: 'biometrics call fails: on to the signature with "99"',
    dni: '31000099',
    run: async (page, request, dni) => {
      const phone = await throughDocuments(page, request, dni);
      await signedCodeSent(page);
      await page.getByLabel(SIGNATURE).fill((await latestSms(request, phone)).token!);
      const signed = page.waitForRequest(
        (r) => r.url().includes('/v4/prospecto/v2.0/producto/lde') && r.method() === 'PUT',
      );
      await page.getByRole('button', { name: 'Continuar' }).click();
      expect((await signed).postDataJSON()).toMatchObject({ estadoBio: '99' });
      await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
    },
  },
  // Bank details.
  // Contract documents.
  // Electronic signature.
];

test.describe('every branch of the Credinstante response codes', () => {
  // Rows that reach the later steps go through several lazy steps first.
  test.describe.configure({ timeout: 120_000 });
  for (const row of ROWS) {
    test(`${row.branch} (DNI ${row.dni})`, async ({ page, request }) => {
      await row.run(page, request, row.dni);
    });
  }
});

test('the landing reads the campaign parameters and sends them with the pre-evaluation', async ({ page }) => {
  const sent = page.waitForRequest(
    (r) => r.url().includes('/v4/prospecto/v2.0/producto/lde') && r.method() === 'POST',
  );
  await submitLead(
    page,
    '45678915',
    '?channel=3&codigoEntidad=3020&utm_campaign=verano&utm_medium=sms&utm_source=aliado&utm_content=banner&origen=7',
  );
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    utm_campaign: 'verano',
    utm_medium: 'sms',
    utm_source: 'aliado',
    utm_content: 'banner',
  });
  expect(String(body.channel)).toBe('3');
  expect(String(body.codigoEntidad)).toBe('3020');
  expect(String(body.origen)).toBe('7');
  expect(body).toMatchObject({ grupoToken: 'CREDINSTANTE', tipoToken: 1 });
});

test('the previous version lends S/ 1,000 to S/ 2,000 on its own route', async ({ page, request }) => {
  await page.goto('/credinstante-deprecated');
  const phone = freshPhone();
  await page.getByLabel('Número de documento').fill('45678916');
  await page.getByLabel('Fecha de nacimiento').fill('1990-05-10');
  await page.getByLabel('Placa del vehículo').fill('ABC123');
  await page.getByLabel('Celular').fill(phone);
  await page.getByLabel('Correo electrónico').fill('ana@example.com');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await enterPhoneCode(page, request, phone);
  await expect(page.getByText(/Desde S\/ 1,000\.00 hasta S\/ 2,000\.00/)).toBeVisible();
});

test.describe('the observed-policies link', () => {
  test.describe.configure({ timeout: 60_000 });
  /** The link texted after an observation with policies to correct (DNI 20000002). */
  async function observedLink(page: Page, request: APIRequestContext): Promise<string> {
    const phone = await submitEligible(page, request, '20000002');
    await expect(page.getByRole('heading', { name: 'Tu solicitud tiene observaciones' })).toBeVisible();
    const link = (await latestSms(request, phone, { field: 'enlace' })).enlace!;
    return new URL(link).pathname;
  }

  test('resumes the application at its policies to correct and takes the documents that correct them', async ({
    page,
    context,
    request,
  }) => {
    const path = await observedLink(page, request);
    const fresh = await context.newPage();
    await fresh.goto(path);
    await expect(fresh.getByRole('heading', { name: 'Tu solicitud tiene observaciones' })).toBeVisible();
    await expect(fresh.getByRole('listitem').first()).toBeVisible();
    await fresh.getByRole('button', { name: 'Subir mis documentos' }).click();
    await fresh
      .getByLabel(/Documento que corrige la observación/)
      .setInputFiles({ name: 'constancia.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await fresh.getByRole('button', { name: 'Continuar' }).click();
    await expect(fresh.getByRole('heading', { name: 'Recibimos tus documentos' })).toBeVisible();
    await expect(fresh.getByText(/en un plazo máximo de 2 días hábiles/)).toBeVisible();
  });

  test('a missing or tampered link says to use the link correctly', async ({ page, request }) => {
    // Without a link the page says so itself, with the way home.
    await page.goto('/credinstante/observados');
    await expect(page.getByRole('heading', { name: 'Lo sentimos' })).toBeVisible();
    await expect(
      page.getByText('El enlace no es válido. Asegúrate de abrirlo completo, tal como llegó en el SMS.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Ir al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    const path = await observedLink(page, request);
    await page.goto(path.slice(0, -3) + 'abc');
    await expectDialog(
      page,
      'El enlace no es válido. Asegúrate de abrirlo completo, tal como llegó en el SMS.',
    );
  });

  // Last in the file: it moves the service's clock for everything after it.
  test('an expired link says its time ran out', async ({ page, request }) => {
    const path = await observedLink(page, request);
    await request.post('/__sandbox/clock', { data: { advanceMs: 73 * 3600_000 } });
    await page.goto(path);
    await expectDialog(page, 'Se venció el plazo para usar este enlace.');
  });
});
