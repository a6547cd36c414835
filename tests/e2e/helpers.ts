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
