/** Shared steps of the browser tests. */
import { expect, type Page } from '@playwright/test';

/** The pre-evaluation call of Credinstante's first step (spec 001 §7). */
export const PRE_EVALUATION = '**/v4/prospecto/v2.0/producto/lde';

/** Fills Credinstante's first form with a valid applicant (the sandbox happy path DNI). */
export async function fillCredinstanteLead(page: Page): Promise<void> {
  await page.getByLabel('Número de documento').fill('45678912');
  await page.getByLabel('Fecha de nacimiento').fill('1990-05-10');
  await page.getByLabel('Placa del vehículo').fill('ABC123');
  await page.getByLabel('Celular').fill('987654321');
  await page.getByLabel('Correo electrónico').fill('ana@example.com');
  await page.getByRole('checkbox').check();
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
  if (lead.fechaNacimiento !== undefined) await labelled(page, 'Fecha de nacimiento').fill(lead.fechaNacimiento);
  if (lead.placa !== undefined) await labelled(page, 'Placa del vehículo|Placa del taxi').fill(lead.placa);
  if (lead.celular !== undefined) await labelled(page, 'Celular').fill(lead.celular);
  if (lead.correo !== undefined) await labelled(page, 'Correo electrónico').fill(lead.correo);
  if (lead.ingresoMensual !== undefined) await labelled(page, 'Ingreso mensual \\(S/\\)').fill(String(lead.ingresoMensual));
  if (lead.terms) await page.getByRole('checkbox').check();
}
