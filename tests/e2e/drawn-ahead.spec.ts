/**
 * Views drawn ahead (src/web/runtime/warm-view.tsx): while a step's answer is awaited, the page
 * draws the next step's view once where nobody sees it, so that step shows at once when the
 * answer comes. The lead's answer is held here until that drawing has ended, so what is checked
 * does not depend on which is quicker.
 */
import { expect, test } from '@playwright/test';
import { APPLICANT, fillLeadForm, freshDni, freshPhone, PRE_EVALUATION } from './helpers.ts';

interface DrawnAhead {
  view: string;
  step: string;
  outcome: string;
}

test('while the lead is answered, the phone-code step is drawn ahead unseen, and shows when the answer comes', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(PRE_EVALUATION, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/credinstante');
  await fillLeadForm(page, { ...APPLICANT, documento: freshDni(), placa: 'ABC123', celular: freshPhone() });
  await page.getByRole('button', { name: 'Continuar' }).click();

  // The page's performance timeline notes each drawing ahead (flow-page.tsx, `flow:drawn-ahead`).
  const drawnAhead = () =>
    page.evaluate(() =>
      performance
        .getEntriesByName('flow:drawn-ahead')
        .map((e) => (e as PerformanceMeasure).detail as DrawnAhead),
    );
  await expect.poll(async () => (await drawnAhead())[0]).toBeDefined();
  expect((await drawnAhead())[0]).toEqual({ view: 'token', step: 'verificacionCelular', outcome: 'drawn' });
  // Nothing of it reached the page: the lead form is still there, waiting for the answer.
  await expect(page.getByRole('heading', { name: 'Solicita tu Credinstante' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verifica tu celular' })).toHaveCount(0);
  await expect(page.getByLabel(/Código de verificación/)).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { name: 'Verifica tu celular' })).toBeVisible();
  await expect(page.getByLabel(/Código de verificación/)).toBeEditable();
});
