/**
 * Promoters in the browser against the embedded service (sandbox mode): every seeded promoter
 * of SCENARIOS.md logs in and sees, and sends with Credinstante's pre-evaluation, the channel
 * and products of their entity; a refused login, a guarded page while logged out, logout on
 * the phone bar and the desktop menu, an expired session, a session that ended with the browser,
 * the prospect status pages (the prospects of the promoter's entity with who registered each;
 * none of another entity's), the customer check and the procurador lookup.
 */
import { expect, test, type Page } from '@playwright/test';
import { untilHydrated } from './helpers.ts';

// The machine is shared with other runs: a login plus a pre-evaluation needs more than the default.
test.describe.configure({ timeout: 90_000 });

interface SeededPromoter {
  usuario: string;
  password: string;
  codigoEntidad: number;
  codigoUsuario: string;
  channel: number;
  product: number;
}

/** SCENARIOS.md "Promoters (seeded accounts)", with the user codes the service seeds. */
const PROMOTERS: readonly SeededPromoter[] = [
  {
    usuario: 'promotor',
    password: 'Promotor2026',
    codigoEntidad: 1,
    codigoUsuario: 'PRM0001',
    channel: 5,
    product: 30,
  },
  {
    usuario: 'aliado',
    password: 'Aliado2026',
    codigoEntidad: 2001,
    codigoUsuario: 'ALI0001',
    channel: 2,
    product: 30,
  },
  {
    usuario: 'externo',
    password: 'Externo2026',
    codigoEntidad: 3020,
    codigoUsuario: 'EXT0001',
    channel: 3,
    product: 30,
  },
  {
    usuario: 'interno',
    password: 'Interno2026',
    codigoEntidad: 3021,
    codigoUsuario: 'INT0001',
    channel: 4,
    product: 30,
  },
  {
    usuario: 'taxista',
    password: 'Taxista2026',
    codigoEntidad: 1008,
    codigoUsuario: 'TAX0001',
    channel: 2,
    product: 31,
  },
];

/** Fresh numbers per test: a DNI outside the scenario table pre-evaluates with code 0. */
let seq = Math.floor(Math.random() * 900_000);
function nextDni(): string {
  seq = (seq + 1) % 1_000_000;
  return `63${String(seq).padStart(6, '0')}`;
}
function nextPhone(): string {
  return `97${String(seq).padStart(7, '0')}`;
}

async function logIn(page: Page, user: string, password: string, next = ''): Promise<void> {
  await page.goto(`/promotor${next}`);
  await page.getByLabel('Usuario').fill(user);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/**
 * From the next page on, notes whether anything only a logged-in promoter sees (the sign-out
 * button, the prospects page) is ever drawn, however briefly: read with {@link promoterWasShown}.
 */
async function watchForPromoter(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const drawn = (selector: string, text: string) =>
      [...document.querySelectorAll(selector)].some((e) => e.textContent?.trim() === text);
    new MutationObserver(() => {
      if (drawn('button', 'Cerrar sesión') || drawn('h1', 'Estado de prospectos'))
        (window as { promoterShown?: boolean }).promoterShown = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

function promoterWasShown(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { promoterShown?: boolean }).promoterShown ?? false);
}

/** Fills and submits Credinstante's first step; answers the pre-evaluation body and answer. */
async function preEvaluate(
  page: Page,
  dni: string,
): Promise<{ body: Record<string, unknown>; codigoProspecto: string }> {
  await page.goto('/credinstante');
  await page.getByLabel('Número de documento').fill(dni);
  await page.getByLabel('Fecha de nacimiento').fill('1990-05-10');
  await page.getByLabel('Placa del vehículo').fill('ABC123');
  await page.getByLabel('Celular').fill(nextPhone());
  await page.getByLabel('Correo electrónico').fill('ana@example.com');
  await page.getByRole('checkbox').check();
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/v4/prospecto/v2.0/producto/lde') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  const response = await answered;
  const body = response.request().postDataJSON() as Record<string, unknown>;
  const answer = (await response.json()) as { prospecto?: { codigoProspecto?: unknown } };
  return { body, codigoProspecto: String(answer.prospecto?.codigoProspecto) };
}

for (const p of PROMOTERS) {
  test(`${p.usuario} (entity ${p.codigoEntidad}) sees and sends channel ${p.channel} and product ${p.product}`, async ({
    page,
  }) => {
    await logIn(page, p.usuario, p.password);
    await expect(page).toHaveURL(/\/$/);
    // The promoter id in the bar.
    await expect(page.getByRole('banner').getByText(p.usuario, { exact: true })).toBeVisible();

    await page.goto('/promotor');
    await expect(page.getByText(`Canal de venta: ${p.channel}`)).toBeVisible();
    await expect(page.getByText(`Productos habilitados: ${p.product}`)).toBeVisible();

    const { body } = await preEvaluate(page, nextDni());
    expect(body).toMatchObject({
      codigoEntidad: p.codigoEntidad,
      codigoUsuario: p.codigoUsuario,
      channel: p.channel,
      terms: true,
    });
  });
}

test('an applicant without a promoter keeps the anonymous channel and entity', async ({ page }) => {
  const { body } = await preEvaluate(page, nextDni());
  expect(body).toMatchObject({ codigoEntidad: 1, channel: 1 });
  expect(body.codigoUsuario).toBeUndefined();
});

test('a wrong password shows modal 14 with the server detail and keeps the promoter out', async ({
  page,
}) => {
  await logIn(page, 'promotor', 'NoEsLaClave1');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/promotor$/);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
});

test('a network failure at login shows the generic error without text', async ({ page }) => {
  await page.route('**/api/private/v1.1/inicioSesion', (route) => route.abort('internetdisconnected'));
  await logIn(page, 'promotor', 'Promotor2026');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Error', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert')).toBeEmpty();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/promotor$/);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
});

test('a guarded page while logged out goes to the login and comes back after it', async ({ page }) => {
  await page.goto('/estado-prospectos/prospect/123');
  await expect(page).toHaveURL(/\/promotor\?next=%2Festado-prospectos%2Fprospect%2F123$/);
  await page.getByLabel('Usuario').fill('aliado');
  await page.getByLabel('Contraseña').fill('Aliado2026');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/estado-prospectos\/prospect\/123$/);
});

test("'Cerrar sesión' in the phone bar ends the session on the server too", async ({ page }) => {
  await logIn(page, 'interno', 'Interno2026', '?next=%2Festado-prospectos');
  await expect(page).toHaveURL(/\/estado-prospectos$/);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/promotor$/);
  await expect(page.getByRole('heading', { name: 'Ingreso de promotores' })).toBeVisible();
  const status = (await (await page.request.get('/api/private/v1.1/statusSesion')).json()) as {
    codigoRespuesta: unknown;
  };
  expect(String(status.codigoRespuesta)).not.toBe('0');
  await page.goto('/estado-prospectos');
  await expect(page).toHaveURL(/\/promotor\?next=/);
});

// The phone bar has no account menu (it shows the id and the sign-out button): desktop only.
test("the desktop account menu 'Promotor' shows the id and signs out @desktop-only", async ({ page }) => {
  await logIn(page, 'externo', 'Externo2026');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: /Promotor/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('externo', { exact: true })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/promotor$/);
  await expect(page.getByRole('button', { name: /Promotor/ })).toHaveCount(0);
});

test('a 401 on any call says the session expired and goes back to the login', async ({ page }) => {
  await logIn(page, 'promotor', 'Promotor2026');
  await expect(page).toHaveURL(/\/$/);
  await page.route('**/kong/prospecto/v2.0/listar/prospectos', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{}' }),
  );
  await page.goto('/estado-prospectos');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toHaveText('Tu sesión expiró. Vuelve a iniciar sesión.');
  await expect(page).toHaveURL(/\/promotor$/);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('heading', { name: 'Ingreso de promotores' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
});

test('a deleted session cookie: the next promoter call answers 401 and the promoter logs in again', async ({
  page,
  context,
}) => {
  await logIn(page, 'aliado', 'Aliado2026', '?next=%2Festado-prospectos');
  await expect(page.getByRole('heading', { name: 'Estado de prospectos' })).toBeVisible();
  await context.clearCookies();
  await page.getByLabel('Número de documento del cliente').fill('45678912');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'Tu sesión expiró. Vuelve a iniciar sesión.',
  );
  await expect(page).toHaveURL(/\/promotor$/);
});

test('a promoter whose browser closed (the session cookie gone, the login still stored) opens the site as a visitor, never shown logged in', async ({
  page,
  context,
}) => {
  await logIn(page, 'promotor', 'Promotor2026');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  // A browser restart ends session cookies; localStorage stays.
  await context.clearCookies();
  await watchForPromoter(page);
  await page.goto('/');
  await untilHydrated(page);
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
  expect(await promoterWasShown(page)).toBe(false);
});

test('a promoter whose session the service closed (idle too long) is told so at once and logs in again, never shown logged in', async ({
  page,
  request,
}) => {
  await logIn(page, 'aliado', 'Aliado2026', '?next=%2Festado-prospectos');
  await expect(page.getByRole('heading', { name: 'Estado de prospectos' })).toBeVisible();
  // The service's clock moves past the idle limit (SESSION_IDLE_MINUTES, 480 by default); the cookie stays.
  await request.post('/__sandbox/clock', { data: { advanceMs: 481 * 60_000 } });
  await watchForPromoter(page);
  await page.reload();
  await expect(page).toHaveURL(/\/promotor\?next=%2Festado-prospectos$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toHaveText('Tu sesión expiró. Vuelve a iniciar sesión.');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  expect(await promoterWasShown(page)).toBe(false);
  await page.getByLabel('Usuario').fill('aliado');
  await page.getByLabel('Contraseña').fill('Aliado2026');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Estado de prospectos' })).toBeVisible();
  // The notice was said once: the new session outlives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Estado de prospectos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

// SCENARIOS.md seeds one promoter per entity, so no browser row has two promoters of one
// entity: the service test (session.test.ts) covers a colleague's prospects; here the row
// shows who registered the prospect, and another entity's promoter does not see it.
test("a promoter's prospect appears in their status page with who registered it, and not in another entity's", async ({
  page,
}) => {
  const dni = nextDni();
  await logIn(page, 'externo', 'Externo2026', '?next=%2Fcredinstante');
  await expect(page).toHaveURL(/\/credinstante$/);
  const { codigoProspecto } = await preEvaluate(page, dni);

  // At 375 px each prospect is a card (the table is for wider screens): the product and its state in words.
  await page.goto('/estado-prospectos');
  const card = page.getByRole('listitem').filter({ hasText: dni });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('definition').nth(1)).toHaveText('Credinstante');
  const state = card.getByRole('definition').nth(2);
  await expect(state).toHaveText(
    /^(Apto, continúa su solicitud|Oferta lista|Evaluación en proceso|Sin oferta)$/,
  );
  await expect(card.getByRole('definition').nth(4)).toHaveText('Lucía Flores Rojas');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const stateText = await state.textContent();
  await card.getByRole('link', { name: `Prospecto ${codigoProspecto}` }).click();
  await expect(page).toHaveURL(new RegExp(`/estado-prospectos/prospect/${codigoProspecto}$`));
  await expect(page.getByRole('heading', { name: `Prospecto ${codigoProspecto}` })).toBeVisible();
  await expect(page.getByText(dni, { exact: true })).toBeVisible();
  await expect(page.getByText('Lucía Flores Rojas', { exact: true })).toBeVisible();
  // The product by its name, as on the card, not its id.
  await expect(page.getByRole('main').getByText('Credinstante', { exact: true })).toBeVisible();

  // The customer check answers for that document, with the state of its latest application.
  await page.goto('/estado-prospectos');
  await page.getByLabel('Número de documento del cliente').fill(dni);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const checked = page.getByRole('status').filter({ hasText: 'Solicitudes registradas contigo' });
  await expect(checked).toContainText('Solicitudes registradas contigo: 1.');
  await expect(checked).toContainText(`Estado del cliente: ${stateText ?? ''}.`);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  // Signed out only once the bar says so: leaving the page first would cut the logout short.
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
  await logIn(page, 'aliado', 'Aliado2026', '?next=%2Festado-prospectos');
  await expect(page.getByRole('heading', { name: 'Estado de prospectos' })).toBeVisible();
  await expect(
    page
      .getByText('Aún no tienes prospectos registrados.')
      .or(page.getByRole('listitem').filter({ hasText: 'Registrado por' }).first()),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: dni })).toHaveCount(0);
  await page.goto(`/estado-prospectos/prospect/${codigoProspecto}`);
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
});

test("the status page shows the promoter's procurador, and another entity's is not found", async ({
  page,
}) => {
  await logIn(page, 'aliado', 'Aliado2026', '?next=%2Festado-prospectos');
  const lookup = page.getByRole('form', { name: 'Procurador' });
  await expect(lookup.getByText('Tu procurador registrado: mtorres')).toBeVisible();
  await expect(lookup.getByRole('status')).toHaveText(
    'Procurador: Milagros Torres Vega (usuario mtorres, código PRC2001).',
  );

  // vsalazar is entity 1's procurador: for entity 2001 it does not exist.
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/private/v1.1/procurador'));
  await lookup.getByLabel('Usuario del procurador').fill('vsalazar');
  await lookup.getByRole('button', { name: 'Buscar procurador' }).click();
  expect((await answered).status()).toBe(404);
  await expect(lookup.getByRole('alert')).toHaveText(
    'No encontramos un procurador con ese usuario en tu entidad.',
  );
  await expect(lookup.getByRole('status')).toHaveCount(0);

  await lookup.getByLabel('Usuario del procurador').fill('MTorres');
  await lookup.getByRole('button', { name: 'Buscar procurador' }).click();
  await expect(lookup.getByRole('status')).toHaveText(
    'Procurador: Milagros Torres Vega (usuario mtorres, código PRC2001).',
  );
});
