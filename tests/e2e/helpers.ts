/** Shared steps of the browser tests. */
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
 * taxi (DNI and the taxi's plate).
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
