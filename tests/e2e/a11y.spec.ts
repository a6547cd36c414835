/**
 * Accessibility checked by axe-core at 375 px: the home page, each online product's first
 * step, the legal pages, one modal (the error dialog) and the promoter pages have no serious
 * or critical violation; so have one step of every step view, the end pages of Credinstante
 * and Celulares and one modal of every kind a flow declares, each opened from a saved session
 * (the list `npm run screenshots` photographs), without playing a journey to it. On every one
 * of them, too, nothing scrolls sideways and every tap target is at least 44 × 44 px
 * (scripts/lib/phone-problems.ts).
 */
import { expect, test } from '@playwright/test';
import { phoneProblems } from '../../scripts/lib/phone-problems.ts';
import { shots } from '../../scripts/screenshots.ts';
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

test('no serious or critical axe violation, no sideways scroll and no small tap target on the pages, a modal and the promoter pages at 375 px', async ({
  page,
}) => {
  // Without the page fade, axe reads the colours as they settle, not half-way through.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: Record<string, string[]> = {};
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    found[path] = [...(await violations(page)), ...(await phoneProblems(page))];
  }

  // One modal: the error dialog over Credinstante's first step.
  await page.route(PRE_EVALUATION, (route) => route.fulfill({ status: 500, json: {} }));
  await page.goto('/credinstante');
  await fillCredinstanteLead(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found['error dialog'] = [
    ...(await violations(page, '[role="dialog"]')),
    ...(await phoneProblems(page, '[role="dialog"]')),
  ];
  await page.unroute(PRE_EVALUATION);

  await page.goto('/promotor?next=%2Festado-prospectos');
  await page.getByLabel('Usuario').fill('promotor');
  await page.getByLabel('Contraseña').fill('Promotor2026');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Estado de prospectos', level: 1 })).toBeVisible();
  await expect(page.getByText('Cargando…')).toHaveCount(0);
  found['/estado-prospectos'] = [...(await violations(page)), ...(await phoneProblems(page))];

  expect(Object.entries(found).filter(([, list]) => list.length > 0)).toEqual([]);
});

test('no serious or critical axe violation, no sideways scroll and no small tap target on any step view, end page or modal kind at 375 px', async ({
  context,
}) => {
  /** One saved session opened and checked in a tab of its own (its session storage holds only that session). */
  async function check(shot: ReturnType<typeof shots>[number]): Promise<string[]> {
    const page = await context.newPage();
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const saved = JSON.stringify({
        state: shot.state,
        live: { call: null, socket: null, timers: {} },
        savedAt: Date.now(),
      });
      await page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
        `flow:${shot.state!.flowId}`,
        saved,
      ] as const);
      await page.goto(shot.route);
      if (shot.stepId) await expect(page.locator(`[data-step="${shot.stepId}"]`)).toBeVisible();
      if (shot.modal) await expect(page.getByRole('dialog')).toBeVisible();
      const scope = shot.modal ? '[role="dialog"]' : undefined;
      return [...(await violations(page, scope)), ...(await phoneProblems(page, scope))];
    } finally {
      await page.close();
    }
  }
  const list = shots().filter((shot) => shot.state !== null);
  expect(list.filter((shot) => shot.name.startsWith('view-')).length).toBeGreaterThanOrEqual(14);
  // Three tabs at a time: the browser has the cores, and the suite stays short.
  const found: Record<string, string[]> = {};
  const queue = [...list];
  await Promise.all(
    [1, 2, 3].map(async () => {
      for (let shot = queue.shift(); shot; shot = queue.shift()) found[shot.name] = await check(shot);
    }),
  );
  expect(Object.entries(found).filter(([, problems]) => problems.length > 0)).toEqual([]);
});
