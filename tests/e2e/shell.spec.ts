import { expect, test } from '@playwright/test';
import { untilHydrated } from './helpers.ts';

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page).toHaveTitle('Página no encontrada - Crédito en línea');
  await page.getByRole('link', { name: 'Ir a página principal' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Solicita tu crédito en línea' })).toBeVisible();
});

test('the page title follows "%s - {product}"', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Inicio - Crédito en línea');
  // A page of the site (not a product flow): its title, then the site name.
  await page.goto('/terminos-y-condiciones');
  await expect(page).toHaveTitle('Términos y condiciones - Crédito en línea');
  // A product flow: the step title, then the product.
  await page.goto('/moto');
  await expect(page).toHaveTitle(/ - Moto$/);
  await page.goto('/credinstante');
  await expect(page).toHaveTitle(/ - Credinstante$/);
});

test('the home page links every product @desktop', async ({ page }) => {
  await page.goto('/');
  const products = page.getByRole('main').getByRole('listitem');
  await expect(products.first()).toBeVisible();
  expect(await products.count()).toBeGreaterThanOrEqual(25);
  await page.getByRole('main').getByRole('link', { name: 'Credinstante', exact: true }).click();
  await expect(page).toHaveURL(/\/credinstante$/);
  await expect(page.getByText('Paso 1 de 7')).toBeVisible();
});

test('the side menu "Productos digitales" has its four links @desktop', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Productos digitales' });
  await expect(menu).toBeVisible();
  const links = menu.getByRole('link');
  await expect(links).toHaveText(['Credinstante', 'Conversiones GNV', 'Inicio', 'Promotor']);
  await expect(links.nth(0)).toHaveAttribute('href', '/credinstante');
  await expect(links.nth(1)).toHaveAttribute('href', '/autoclass');
  await expect(links.nth(2)).toHaveAttribute('href', '/');
  await expect(links.nth(3)).toHaveAttribute('href', '/promotor');
  await links.nth(3).click();
  await expect(page).toHaveURL(/\/promotor$/);
  await expect(page.getByRole('heading', { name: 'Ingreso de promotores' })).toBeVisible();
});

test('/vendemas hides the side drawer and the home link @desktop', async ({ page }) => {
  await page.goto('/vendemas');
  await expect(page.getByRole('heading', { name: 'Tu oferta Vende más' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Productos digitales' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link')).toHaveCount(0);
  // No way home in the page body either.
  await expect(page.getByRole('link', { name: 'Ir a página principal' })).toHaveCount(0);
});

test('a promoter-only page sends to the login and back after it', async ({ page }) => {
  await page.goto('/estado-prospectos');
  await expect(page).toHaveURL(/\/promotor\?next=%2Festado-prospectos$/);
  await page.getByLabel('Usuario').fill('promotor');
  await page.getByLabel('Contraseña').fill('Promotor2026');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/estado-prospectos$/);
  await expect(page.getByRole('heading', { name: 'Estado de prospectos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/promotor$/);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
});

test('a refused promoter login shows the server detail in the error dialog', async ({ page }) => {
  await page.goto('/promotor');
  await page.getByLabel('Usuario').fill('promotor');
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/promotor$/);
});

test('in sandbox mode the Sandbox marker opens the SMS outbox and the scenario table', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sandbox' }).click();
  const drawer = page.getByRole('dialog', { name: 'Modo sandbox' });
  await expect(drawer.getByRole('heading', { name: 'Bandeja de SMS' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Escenarios de prueba' })).toBeVisible();
  await expect(drawer.getByRole('table').first()).toBeVisible();
  // A number no other test sends SMS to, so the outbox is empty whatever ran before.
  await drawer.getByLabel('Celular').fill('911111111');
  await drawer.getByRole('button', { name: 'Ver mensajes' }).click();
  await expect(drawer.getByText('No hay mensajes para ese número.')).toBeVisible();
});

test('every page opened is one page view through the tracker, named by its route and never by a token in the address', async ({
  page,
}) => {
  const dataLayer = () =>
    page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
  const views = async () => (await dataLayer()).filter((e) => e.event === 'page_view').map((e) => e.page);
  await page.goto('/');
  await expect.poll(views).toEqual(['/']);
  await page.getByRole('main').getByRole('link', { name: 'Credinstante', exact: true }).click();
  await expect(page.getByText('Paso 1 de 7')).toBeVisible();
  await expect.poll(views).toEqual(['/', '/credinstante']);
  // A resume link carries a token in its address: the page view names the route only.
  await page.goto('/credinstante/observados/eyJhbGciOiJIUzI1NiJ9.e30.firma');
  await expect.poll(views).toEqual(['/credinstante/observados/:token?']);
  expect(JSON.stringify(await dataLayer())).not.toContain('eyJhbGciOiJIUzI1NiJ9');
});

test('a page whose code is slow to arrive says it is loading instead of leaving the main area empty', async ({
  page,
}) => {
  await page.goto('/');
  // Followed inside the app (the home page's code in), not as a new page load.
  await untilHydrated(page, '#root main a');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // A product's flow file is its own chunk, loaded when its page opens.
  await page.route(/\/assets\/faemype-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('main').getByRole('link', { name: 'FAE MYPE', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando…' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Los datos de tu negocio' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando…' })).toHaveCount(0);
});
