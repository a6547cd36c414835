/** Shared steps of the browser tests. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

/** The pre-evaluation call of Credinstante's first step (spec 001 §7). */
export const PRE_EVALUATION = '**/v4/prospecto/v2.0/producto/lde';

/** Fills Credinstante's first form with a valid applicant (the sandbox happy path DNI). */
export async function fillCredinstanteLead(page: Page): Promise<void> {
  await fillLeadForm(page, { ...APPLICANT, documento: '45678912', placa: 'ABC123', celular: '987654321' });
}

/** The applicant every lead form is filled with, but for the DNI and the mobile number. */
export const APPLICANT = {
  fechaNacimiento: '1990-05-10',
  correo: 'ana@example.com',
  terms: true,
} as const satisfies Partial<LeadForm>;

/** A DNI no scenario lists (the happy path), different on every call in practice. */
export function freshDni(): string {
  return `4${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
}

let phoneSeq = Math.floor(Math.random() * 9_000_000);

/** A 1×1 PNG: a document's photo for the upload steps. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A mobile number no other test of this run texts, so each test reads only its own outbox. */
export function freshPhone(): string {
  phoneSeq = (phoneSeq + 1) % 100_000_000;
  return `9${String(phoneSeq).padStart(8, '0')}`;
}

/** An SMS of the sandbox outbox. */
export interface Sms {
  texto: string;
  token?: string;
  enlace?: string;
}

/**
 * The newest SMS sent to `phone`, once there is one: with `field`, the newest that carries it
 * (a code or a link); with `after`, once the outbox holds more than `after` messages.
 */
export async function latestSms(
  request: APIRequestContext,
  phone: string,
  { field, after = 0 }: { field?: 'token' | 'enlace'; after?: number } = {},
): Promise<Sms> {
  let found: Sms | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get(`/__sandbox/outbox?celular=${phone}`)).json()) as Sms[];
      found = field === undefined ? list[0] : list.find((m) => m[field] !== undefined);
      return list.length > after && found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** Answers the security questions with the right answers the sandbox gives for `dni`, and goes on. */
export async function answerQuestions(page: Page, request: APIRequestContext, dni: string): Promise<void> {
  const { respuestas } = (await (await request.get(`/__sandbox/identity/${dni}`)).json()) as {
    respuestas: { pregunta: string; respuesta: string }[];
  };
  expect(respuestas.length).toBeGreaterThan(0);
  for (const r of respuestas) {
    await page
      .getByRole('group')
      .filter({ hasText: r.pregunta })
      .getByRole('radio', { name: r.respuesta, exact: true })
      .check();
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Picks `option` (its visible text) in the form's native select labelled `label`. */
export async function selectOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

/** The value cell of the table row whose name matches `name`. */
export async function cell(page: Page, name: RegExp): Promise<string> {
  return ((await page.getByRole('row', { name }).getByRole('cell').last().textContent()) ?? '').trim();
}

/** The text of the PDF at `href`, which must be served as a PDF; pass `page.request` (the page's cookies: a letter opens only for the browser that holds its application). */
export async function pdfText(request: APIRequestContext, href: string): Promise<string> {
  const pdf = await request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  return (await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true }))
    .text;
}

/** The error dialog with `message`, its title and its OK button. */
export async function expectErrorDialog(page: Page, message: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Error', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(message);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The applicant's fields of a product's first step (the lead form). Only the fields given are
 * filled, so one helper serves every product: Credinstante (document, birth date, plate,
 * mobile, email, terms), moto and consumo (document, birth date, mobile, email, income, terms),
 * taxi (DNI, the taxi's plate, mobile, email, terms).
 */
export interface LeadForm {
  documento: string;
  /** `YYYY-MM-DD`. */
  fechaNacimiento?: string;
  placa?: string;
  celular?: string;
  correo?: string;
  ingresoMensual?: string | number;
  /** Ticks the terms checkbox (the lead forms that have one). */
  terms?: boolean;
}

/** The field whose label reads `text`, with or without the required mark some labels carry. */
function labelled(page: Page, text: string) {
  return page.getByLabel(new RegExp(`^\\*?\\s*(${text})$`));
}

/** Fills a product's lead form with `lead`; the caller submits it (the button differs by product). */
export async function fillLeadForm(page: Page, lead: LeadForm): Promise<void> {
  await labelled(page, 'DNI|Número de documento').fill(lead.documento);
  if (lead.fechaNacimiento !== undefined)
    await labelled(page, 'Fecha de nacimiento').fill(lead.fechaNacimiento);
  if (lead.placa !== undefined) await labelled(page, 'Placa del vehículo|Placa del taxi').fill(lead.placa);
  if (lead.celular !== undefined) await labelled(page, 'Celular').fill(lead.celular);
  if (lead.correo !== undefined) await labelled(page, 'Correo electrónico').fill(lead.correo);
  if (lead.ingresoMensual !== undefined)
    await labelled(page, 'Ingreso mensual \\(S/\\)').fill(String(lead.ingresoMensual));
  if (lead.terms) await page.getByRole('checkbox').check();
}

// The existing-customer offers (renovación, extra efectivo, compra de deuda, contigo, LD).

/**
 * Picks, in the list labelled `label`, the first option whose text contains `option` (any
 * case), or its first option without one, once its catalog has come.
 */
export async function choose(page: Page, label: string, option?: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await expect(box).toBeEnabled();
  const options = box.locator('option:not([value=""])');
  const match = (
    option ? options.filter({ hasText: new RegExp(escapeRegExp(option), 'i') }) : options
  ).first();
  await expect(match).toBeAttached();
  const value = await match.getAttribute('value');
  if (value === null) throw new Error(`The option of "${label}" to pick has no value.`);
  await box.selectOption(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The first form: the customer's document, the plate of the credit's vehicle, their phone. */
export async function openOffer(
  page: Page,
  route: string,
  dni: string,
  phone: string,
  total = 6,
): Promise<void> {
  await page.goto(route);
  await expect(page.getByText(`Paso 1 de ${total}`)).toBeVisible();
  await fillLeadForm(page, { documento: dni, placa: 'ABC-123', celular: phone, terms: true });
}

/** Identity questions, then the simulator with the offer's bounds (checked by `onSimulator`): takes the offer. */
export async function passIdentityAndTakeOffer(
  page: Page,
  request: APIRequestContext,
  dni: string,
  total = 6,
  onSimulator?: () => Promise<void>,
): Promise<void> {
  await expect(page.getByText(`Paso 2 de ${total}`)).toBeVisible();
  await answerQuestions(page, request, dni);
  await expect(page.getByText(`Paso 3 de ${total}`)).toBeVisible();
  await onSimulator?.();
  await page.getByRole('button', { name: 'Lo quiero' }).click();
}

/**
 * The confirmation step of the instant-credit and existing-customer flows: home in Lima, the
 * contact e-mail, and the disbursement account (bank transfer by default, checked) or, with
 * `office`, the office where the cash is collected; then "Confirmar datos".
 */
export async function confirmData(page: Page, office?: string): Promise<void> {
  await choose(page, 'Tipo de residencia', 'Propia');
  await choose(page, 'Departamento', 'Lima');
  await choose(page, 'Provincia', 'Lima');
  await choose(page, 'Distrito');
  await page.getByLabel('Dirección').fill('Av. Arequipa 1234');
  await page.getByRole('button', { name: 'Datos de contacto' }).click();
  await page.getByLabel('Correo electrónico').fill('ana@example.com');
  if (office) {
    await page.getByRole('button', { name: 'Oficina de desembolso' }).click();
    await choose(page, 'Oficina donde recibirás tu dinero', office);
  } else {
    await page.getByRole('button', { name: 'Datos para el desembolso' }).click();
    await expect(page.getByRole('radio', { name: 'Abono en cuenta bancaria' })).toBeChecked();
    await page.getByRole('radio', { name: 'Ahorros' }).check();
    await choose(page, 'Entidad bancaria', 'BBVA');
    await page.getByRole('textbox', { name: 'Número de cuenta', exact: true }).fill('0011036601000325');
    await page.getByLabel('Código de cuenta interbancario (CCI)').fill('01136600010003254221');
  }
  await page.getByRole('button', { name: 'Confirmar datos' }).click();
}

/** Confirmation ({@link confirmData}), then the contract documents accepted. */
export async function confirmAndAccept(page: Page, total: number, office?: string): Promise<void> {
  await expect(page.getByText(`Paso 4 de ${total}`)).toBeVisible();
  await confirmData(page, office);

  await expect(page.getByText(`Paso 5 de ${total}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ver / }).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Signs with the code texted to the customer's phone on file; `next` is the heading of the page that follows. Answers the code. */
export async function signWithCode(
  page: Page,
  request: APIRequestContext,
  phone: string,
  next = '¡Felicidades!',
): Promise<string> {
  const sms = await latestSms(request, phone, { field: 'token' });
  await page.getByLabel('Código de verificación').fill(sms.token!);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: next })).toBeVisible();
  return sms.token!;
}

/** Takes the face photo with the fake camera, the biometric data consent given, and sends it once it shows. */
export async function takePhoto(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos biométricos/ }).check();
  await page.getByRole('button', { name: 'Activar cámara' }).click();
  await page.getByRole('button', { name: 'Tomar foto' }).click();
  await expect(page.getByRole('img', { name: 'Foto de tu rostro' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** Confirmation, documents, selfie and the signature. */
export async function confirmAndSign(
  page: Page,
  request: APIRequestContext,
  phone: string,
  total = 6,
): Promise<void> {
  await confirmAndAccept(page, total);
  await takePhoto(page);

  await expect(page.getByText(`Paso ${total} de ${total}`)).toBeVisible();
  await signWithCode(page, request, phone);
}

/**
 * Opens `route` and submits its lead form (moto, consumo and their variants, the quoters) for
 * the standard applicant with `dni`, mobile `phone` and an income of S/ 3,500.
 */
export async function submitLead(
  page: Page,
  route: string,
  { dni, phone = freshPhone(), fechaNacimiento = APPLICANT.fechaNacimiento }: SubmitLead,
): Promise<string> {
  await page.goto(route);
  await fillLeadForm(page, {
    ...APPLICANT,
    documento: dni,
    fechaNacimiento,
    celular: phone,
    ingresoMensual: '3500',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  return phone;
}

export interface SubmitLead {
  dni: string;
  /** The mobile number (default a fresh one); answered by {@link submitLead}. */
  phone?: string;
  /** `YYYY-MM-DD` (default the standard applicant's). */
  fechaNacimiento?: string;
}

export interface PersonalDataStep {
  /** The step's heading (vehicle flows: "Completa tus datos"; consumer flows: "Tus datos personales"). */
  heading: string;
  /** The progress text the step shows, checked when given ("Paso 3 de 6"). */
  progress?: string;
  /** How long the step may take to appear (after the evaluation phases). */
  timeout?: number;
  /** Runs with the form filled, before it is sent (a screenshot). */
  filled?: () => Promise<void>;
  /** The income comes prefilled from the lead form (consumer flows): checked, not typed again. */
  incomePrefilled?: boolean;
}

/**
 * The personal-data step of the vehicle and consumer flows (form datos-personales-vehiculo):
 * single, employed, S/ 3,500 a month, living on Avenida Arequipa; then Continuar.
 */
export async function submitPersonalData(
  page: Page,
  { heading, progress, timeout = 15_000, filled, incomePrefilled = false }: PersonalDataStep,
): Promise<void> {
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout });
  if (progress) await expect(page.getByText(progress)).toBeVisible();
  await selectOption(page, 'Estado civil', 'Soltero(a)');
  await selectOption(page, 'Situación laboral', 'Dependiente');
  const income = page.getByLabel('Ingreso mensual (S/)');
  if (incomePrefilled) await expect(income).toHaveValue(/^(S\/\s?)?3,?500(\.00)?$/);
  else await income.fill('3500');
  await selectOption(page, 'Tipo de vía', 'Avenida');
  await page.getByLabel('Nombre de la vía').fill('Arequipa');
  if (filled) await filled();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** A taxi plate of its own per test (the SOAT is emitted once per plate). */
export function freshPlate(): string {
  const letter = String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return `T${letter}${letter}-${String(Math.floor(Math.random() * 900) + 100)}`;
}

/**
 * Credinstante's and celulares' step 2: the applicant types the code the sandbox texted to
 * `phone` after the pre-evaluation (read from the sandbox outbox, as every code step of the
 * suite reads its code) and goes on to the evaluation.
 */
export async function enterPhoneCode(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Verifica tu celular' })).toBeVisible();
  const sms = await latestSms(request, phone, { field: 'token' });
  await page.getByLabel(/Código de verificación/).fill(sms.token!);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** The serious and critical axe violations on the page as it is now (or inside `include`), one line each. */
export async function violations(page: Page, include?: string): Promise<string[]> {
  let axe = new AxeBuilder({ page });
  if (include) axe = axe.include(include);
  const { violations: found } = await axe.analyze();
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Waits until the site's code owns the page (React keeps its props on the elements it
 * hydrated). A prerendered page is on screen before its code is even asked for (the boot
 * script loads it after the first paint), so a test of what only the code does (a link
 * followed inside the app, not as a new page) waits for this first.
 */
export async function untilHydrated(page: Page, selector = '#root a, #root button'): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (s) =>
          [...document.querySelectorAll(s)].some((e) =>
            Object.keys(e).some((k) => k.startsWith('__reactProps')),
          ),
        selector,
      ),
    )
    .toBe(true);
}
