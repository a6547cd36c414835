/** The steps of Credinstante's journey that the browser tests and `npm run bench:steps` share. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  APPLICANT,
  choose,
  enterPhoneCode,
  fillLeadForm,
  freshPhone,
  signWithCode,
  takePhoto,
} from './helpers.ts';

/** Fills the lead form with `dni` and submits it. Answers the phone used. */
export async function submitLead(page: Page, dni: string, query = ''): Promise<string> {
  const phone = freshPhone();
  await page.goto(`/credinstante${query}`);
  await fillLeadForm(page, { ...APPLICANT, documento: dni, placa: 'ABC123', celular: phone });
  await page.getByRole('button', { name: 'Continuar' }).click();
  return phone;
}

/** Submits the lead of an eligible `dni` and types the phone code (step 2). Answers the phone used. */
export async function submitEligible(page: Page, request: APIRequestContext, dni: string): Promise<string> {
  const phone = await submitLead(page, dni);
  await enterPhoneCode(page, request, phone);
  return phone;
}

/** Fills the confirmation data (home panel) and confirms. */
export async function confirmData(page: Page): Promise<void> {
  await choose(page, 'Tipo de residencia');
  await choose(page, 'Provincia');
  await choose(page, 'Distrito');
  await page.getByLabel(/Dirección/).fill('Av. Arequipa 123');
  await page.getByRole('button', { name: 'Confirmar datos' }).click();
}

/** Fills the bank details with a BCP account and its valid CCI, and continues. */
export async function fillBank(page: Page): Promise<void> {
  await choose(page, 'Entidad bancaria', 'Banco de Crédito del Perú (BCP)');
  await page.getByLabel('Ahorros').check();
  await page.getByLabel(/Número de cuenta/).fill('19111357545808');
  await page.getByLabel(/CCI/).fill('00219111357545808250');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/**
 * Accepts the contract documents, takes the face photo and signs with the code texted to
 * `phone` (step 8), up to the congratulations.
 */
export async function acceptAndSign(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await page.getByRole('checkbox', { name: 'Acepto todos los documentos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await takePhoto(page);
  await signedCodeSent(page);
  await signWithCode(page, request, phone);
}

/** Waits until the signature step says its code was texted, so the latest SMS is that code. */
export async function signedCodeSent(page: Page): Promise<void> {
  await expect(page.getByText(/Te enviamos un código por SMS/)).toBeVisible();
}
