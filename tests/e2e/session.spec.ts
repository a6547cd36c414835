import { expect, test, type Request } from '@playwright/test';
import { fillCredinstanteLead, PRE_EVALUATION, untilHydrated } from './helpers.ts';

test('a reload resumes at the same step with what was typed', async ({ page }) => {
  await page.goto('/credinstante');
  await expect(page.getByText('Paso 1 de 7')).toBeVisible();
  // Typed once the page's code is in (what is typed before it is replayed into it: first-screen.spec.ts).
  await untilHydrated(page, '#root form');
  await page.getByLabel('Número de documento').fill('45678912');
  await page.getByLabel('Celular').fill('987654321');
  await page.getByLabel('Correo electrónico').fill('ana@example.com');

  await page.reload();
  await expect(page.getByText('Paso 1 de 7')).toBeVisible();
  await expect(page.getByLabel('Número de documento')).toHaveValue('45678912');
  await expect(page.getByLabel('Celular')).toHaveValue('987654321');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('ana@example.com');
});

test('a double click submits once, with an Idempotency-Key', async ({ page }) => {
  const posts: Request[] = [];
  let answer = () => undefined as void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(PRE_EVALUATION, async (route) => {
    posts.push(route.request());
    // Held until both clicks landed: the call is in flight during the second one.
    await answered;
    await route.fulfill({ status: 500, body: '' });
  });
  await page.goto('/credinstante');
  await fillCredinstanteLead(page);
  await page.getByRole('button', { name: 'Continuar' }).dblclick();
  await expect.poll(() => posts.length).toBe(1);
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  answer();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(posts).toHaveLength(1);
  expect(posts[0]!.headers()['idempotency-key']).toMatch(/.+/);
});

test('a submit while the connection is down is sent once the browser is back online', async ({
  page,
  context,
}) => {
  const posts: Request[] = [];
  await page.route(PRE_EVALUATION, async (route) => {
    posts.push(route.request());
    await route.fulfill({ status: 500, body: '' });
  });
  await page.goto('/credinstante');
  await fillCredinstanteLead(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Kept pending (loading shown), not failed, while offline.
  await expect(page.getByRole('progressbar', { name: 'Cargando…' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Ocurrió un error en el servidor');
  expect(posts).toHaveLength(1);
  expect(posts[0]!.headers()['idempotency-key']).toMatch(/.+/);
});
