/**
 * The professional taxi journey in the browser, step by step, for the specs that walk it
 * (`taxi-profesional.spec.ts`, `applicant-care.spec.ts`): the customer check with contact and
 * consent, the applicant's data, the vehicle after the evaluation phases, the simulator, the
 * documents.
 */
import { expect, test, type Page } from '@playwright/test';
import { fillLeadForm, freshDni, freshPlate, selectOption, submitPersonalData } from './helpers.ts';

export const EVALUATION_MS = 15_000;

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const CHECK = { name: 'Solicita tu crédito para taxi' };
export const DATA = { name: 'Completa tus datos' };
export const VEHICLE = { name: 'Datos de tu taxi' };
export const SIMULATOR = { name: 'Simula tu crédito' };
export const DOCUMENTS = { name: 'Registra tus documentos' };

/** The five document images, by the label the upload step shows. */
export const SLOTS = [
  'DNI (ambas caras)',
  'Tarjeta de propiedad',
  'SOAT',
  'Recibo de luz o agua',
  'Revisión técnica',
];
/** The SOAT variant asks for the four others: the SOAT is emitted, not photographed. */
export const SLOTS_WITHOUT_SOAT = SLOTS.filter((s) => s !== 'SOAT');
export const NO_SOAT = 'No tengo SOAT: emítanlo con mi crédito';

/** The dialog showing `text`. */
export const dialogWith = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });

/** Closes the dialog showing `text` with its OK button. */
export async function closeDialog(page: Page, text: string): Promise<void> {
  const dialog = dialogWith(page, text);
  await expect(dialog).toBeVisible({ timeout: EVALUATION_MS });
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens /taxi-profesional and submits the customer check (paso 0), with the contact and the consent. */
export async function submitCheck(page: Page, dni: string): Promise<void> {
  await page.goto('/taxi-profesional');
  await expect(page.getByRole('heading', CHECK)).toBeVisible({ timeout: EVALUATION_MS });
  await fillLeadForm(page, {
    documento: dni,
    placa: freshPlate(),
    celular: '987654321',
    correo: 'taxista@example.com',
    terms: true,
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** The applicant's data (paso 1, through registro/adicional/taxi). */
export const submitData = (page: Page): Promise<void> => submitPersonalData(page, { heading: DATA.name });

export interface VehicleChoice {
  /** The office, by its visible title (default the head office). */
  office?: string;
  /** The SOAT variant: the applicant has no current SOAT and asks for it. */
  soat?: boolean;
}

/** Waits out the evaluation phases, then fills and submits the vehicle (paso 2). */
export async function submitVehicle(
  page: Page,
  { office = 'Oficina Principal - San Isidro', soat = false }: VehicleChoice = {},
): Promise<void> {
  await expect(page.getByText('Cargando datos').first()).toBeVisible();
  await expect(page.getByRole('heading', VEHICLE)).toBeVisible({ timeout: EVALUATION_MS });
  await selectOption(page, 'Marca', 'Toyota');
  await page.getByLabel('Modelo').fill('Yaris');
  await page.getByLabel('Año de fabricación').fill('2022');
  if (soat) await page.getByRole('radio', { name: NO_SOAT, exact: true }).check();
  await selectOption(page, 'Oficina donde entregas tus documentos', office);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/**
 * From the customer check of a fresh applicant to the simulator. An applicant whose bureau
 * score earns the preferential rate is told so first (the simulation's `condicion` 12).
 */
export async function toSimulator(page: Page, choice?: VehicleChoice): Promise<void> {
  await submitCheck(page, freshDni());
  await closeDialog(page, 'Verificamos tus datos: puedes iniciar tu solicitud.');
  await submitData(page);
  const simulated = page.waitForResponse((r) =>
    r.url().endsWith('/api/private/v1.0/evaluacionScoreSimulador'),
  );
  await submitVehicle(page, choice);
  const offer = (await (await simulated).json()) as { condicion?: number };
  await expect(page.getByRole('heading', SIMULATOR)).toBeVisible();
  if (offer.condicion === 12) {
    await expect(dialogWith(page, 'obtienes una tasa preferente')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('tasa-preferente.png') });
    await closeDialog(page, 'obtienes una tasa preferente');
  } else await expect(dialogWith(page, 'tasa preferente')).toHaveCount(0);
}

/** From the customer check of a fresh applicant to the documents step. */
export async function toDocuments(page: Page, choice?: VehicleChoice): Promise<void> {
  await toSimulator(page, choice);
  await page.getByRole('spinbutton', { name: 'Monto a solicitar' }).fill('20000');
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await expect(page.getByRole('heading', DOCUMENTS)).toBeVisible({ timeout: EVALUATION_MS });
}

/** Chooses the images of `labels` and sends them. */
export async function upload(page: Page, labels: readonly string[]): Promise<void> {
  for (const label of labels)
    await page
      .getByLabel(label, { exact: true })
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Continuar' }).click();
}
