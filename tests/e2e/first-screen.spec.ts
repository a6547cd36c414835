/**
 * The prerendered first screens in the browser: the page the build drew is taken over by the
 * runtime without a visible change, and what is typed into it before the runtime's code has
 * arrived (held back here by intercepting the entry script) is what the runtime sends, and
 * never goes out in the address by a native submit (the boot script, `src/server/boot-script.ts`): a submit pressed
 * meanwhile is sent once the runtime owns the form, and a reload meanwhile puts it back. Links
 * that open elsewhere (an SMS's `?process=`, a quote's link) are played by
 * instant-fidelity.spec.ts and consumer-quoters.spec.ts.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { APPLICANT, fillLeadForm, freshDni, freshPhone, latestSms, untilHydrated } from './helpers.ts';
import { submitEligible } from './credinstante-journey.ts';

/** Holds the site's entry script until `release` is called: the page is the build's HTML alone. */
async function holdEntry(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    // A request the page gave up meanwhile (a reload) has nothing left to continue.
    await route.continue().catch(() => undefined);
  });
  return { release };
}

/** Waits until the runtime owns the form of the page and the page has gone idle, so the work that follows hydration has run. */
async function untilTakenOver(page: Page): Promise<void> {
  await untilHydrated(page, '#root form');
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
}

/** Where `element` sits in the document (not the viewport: typing scrolls). */
function placeOf(element: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  return element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
  });
}

test('the lead form is the same before and after the runtime takes it over, and keeps what was typed meanwhile', async ({
  page,
}) => {
  const entry = await holdEntry(page);
  await page.goto('/credinstante', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Solicita tu Credinstante' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Paso 1 de 7' })).toBeVisible();
  const drawn = await page.locator('#root').innerHTML();
  const box = await placeOf(page.getByRole('button', { name: 'Continuar' }));

  const phone = freshPhone();
  const dni = freshDni();
  await fillLeadForm(page, { ...APPLICANT, documento: dni, placa: 'ABC123', celular: phone });
  entry.release();
  await untilTakenOver(page);

  await expect(page.getByLabel('Número de documento')).toHaveValue(dni);
  await expect(page.getByLabel('Celular')).toHaveValue(phone);
  await expect(page.getByRole('checkbox')).toBeChecked();
  expect(await placeOf(page.getByRole('button', { name: 'Continuar' }))).toEqual(box);
  // The same markup but for the values the fields now hold as theirs (and the menu button marked live).
  const taken = (await page.locator('#root').innerHTML()).replace(
    / value="[^"]*"| checked=""| data-live=""/g,
    '',
  );
  expect(taken).toBe(drawn.replace(/ value="[^"]*"| checked=""/g, ''));

  // What was typed before the code arrived is what the runtime sends.
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/producto/lde'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ documento: dni, telefono: phone });
  await expect(page.getByRole('heading', { name: 'Verifica tu celular' })).toBeVisible();
});

test('what was typed before the code arrived is back after a reload, and is what the runtime sends', async ({
  page,
}) => {
  const entry = await holdEntry(page);
  await page.goto('/credinstante', { waitUntil: 'commit' });
  const phone = freshPhone();
  const dni = freshDni();
  await fillLeadForm(page, { ...APPLICANT, documento: dni, placa: 'ABC123', celular: phone });
  await page.reload({ waitUntil: 'commit' });

  // The build's HTML alone (the code is still held back), with the applicant's values.
  await expect(page.getByLabel('Número de documento')).toHaveValue(dni);
  await expect(page.getByLabel('Celular')).toHaveValue(phone);
  await expect(page.getByRole('checkbox')).toBeChecked();
  entry.release();
  await untilTakenOver(page);
  await expect(page.getByLabel('Número de documento')).toHaveValue(dni);
  // The runtime's own session keeps the typing from now on: the boot script's copy is gone.
  expect(await page.evaluate(() => sessionStorage.getItem('typed-before-code'))).toBeNull();

  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/producto/lde'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ documento: dni, telefono: phone });
  await expect(page.getByRole('heading', { name: 'Verifica tu celular' })).toBeVisible();
});

test('the promoter login keeps what was typed before its code arrived, and sends an Enter pressed meanwhile once it has', async ({
  page,
}) => {
  const entry = await holdEntry(page);
  await page.goto('/promotor', { waitUntil: 'commit' });
  await page.getByLabel('Usuario').fill('promotor');
  await page.getByLabel('Contraseña').fill('Promotor2026');
  const answered = page.waitForResponse((r) => r.url().endsWith('/inicioSesion'));
  // Enter before the code is in: never the password in the address.
  await page.getByLabel('Contraseña').press('Enter');
  expect(new URL(page.url()).search).toBe('');
  entry.release();

  const login = await answered;
  expect(login.request().postDataJSON()).toMatchObject({ usuario: 'promotor' });
  expect(String(((await login.json()) as { codigoRespuesta?: unknown }).codigoRespuesta)).toBe('0');
  await expect(page).toHaveURL(/\/$/);
});

test('a link’s page paints its loading step from the HTML, then opens what the link names', async ({
  page,
  browser,
  request,
}) => {
  // An application with observations (20000002) texts its link.
  const phone = await submitEligible(page, request, '20000002');
  await expect(page.getByRole('heading', { name: 'Tu solicitud tiene observaciones' })).toBeVisible();
  const link = (await latestSms(request, phone, { field: 'enlace' })).enlace!;

  // Opened on another phone: nothing of the application in that browser.
  const phoneOpening = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'es-PE' });
  const opened = await phoneOpening.newPage();
  const entry = await holdEntry(opened);
  await opened.goto(new URL(new URL(link).pathname, page.url()).href, { waitUntil: 'commit' });
  await expect(opened.getByRole('status')).toHaveText('Cargando…');
  await expect(opened.locator('#root[data-prerendered]')).toHaveCount(1);
  entry.release();
  await expect(opened.getByRole('heading', { name: 'Tu solicitud tiene observaciones' })).toBeVisible();
  await expect(opened.getByRole('button', { name: 'Subir mis documentos' })).toBeVisible();
  await phoneOpening.close();
});

test('a link’s page opened without its link says so from the HTML, and its button goes home once the runtime has it', async ({
  page,
}) => {
  const entry = await holdEntry(page);
  await page.goto('/activacion-ld', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Lo sentimos' })).toBeVisible();
  await expect(
    page.getByText('El enlace no es válido. Asegúrate de abrirlo completo, tal como llegó en el SMS.'),
  ).toBeVisible();
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  const drawn = await page.locator('#root').innerHTML();
  entry.release();
  await untilHydrated(page, '#root .step-view button');
  expect((await page.locator('#root').innerHTML()).replace(/ data-live=""/g, '')).toBe(drawn);
  await page.getByRole('button', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});
