/**
 * Accessibility checked by axe-core at 375 px: the home page, each online product's first
 * step, the legal pages, one modal (the error dialog) and the promoter pages have no serious
 * or critical violation. One test walking the pages, to keep the suite short.
 */
import { expect, test } from '@playwright/test';
import { fillCredinstanteLead, PRE_EVALUATION, violations } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

const PAGES: [path: string, heading: string | RegExp][] = [
  ['/', 'Solicita tu crédito en línea'],
  ['/credinstante', 'Solicita tu Credinstante'],
  ['/celulares', 'Solicita tu celular'],
  ['/moto', 'Solicita tu crédito para moto'],
  ['/consumo', 'Solicita tu crédito de consumo'],
  ['/taxi-profesional', 'Solicita tu crédito para taxi'],
  ['/faemype', 'Los datos de tu negocio'],
  ['/vendemas', 'Tu oferta Vende más'],
  ['/terminos-y-condiciones', 'Términos y condiciones'],
  ['/proteccion-de-datos-personales', 'Tratamiento de datos personales'],
  ['/promotor', 'Ingreso de promotores'],
];

test('no serious or critical axe violation on the pages, a modal and the promoter pages at 375 px', async ({
  page,
}) => {
  // Without the page fade, axe reads the colours as they settle, not half-way through.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: Record<string, string[]> = {};
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    found[path] = await violations(page);
  }

  // One modal: the error dialog over Credinstante's first step.
  await page.route(PRE_EVALUATION, (route) => route.fulfill({ status: 500, json: {} }));
  await page.goto('/credinstante');
  await fillCredinstanteLead(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found['error dialog'] = await violations(page, '[role="dialog"]');
  await page.unroute(PRE_EVALUATION);

  await page.goto('/promotor?next=%2Festado-prospectos');
  await page.getByLabel('Usuario').fill('promotor');
  await page.getByLabel('Contraseña').fill('Promotor2026');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Estado de prospectos', level: 1 })).toBeVisible();
  await expect(page.getByText('Cargando…')).toHaveCount(0);
  found['/estado-prospectos'] = await violations(page);

  expect(Object.entries(found).filter(([, list]) => list.length > 0)).toEqual([]);
});
