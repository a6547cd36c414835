/**
 * Screenshots at 375 px and 1280 px into `reports/screenshots/` (build first: `npm run
 * build`): the home page, one step of each step view, the end pages of Credinstante and
 * Celulares, one modal of each kind, the error page, the legal pages and the promoter's
 * login and prospect list. Each step is reached by opening its flow's route with a saved
 * session at that step (the runner resumes it), so no path through the sandbox is needed;
 * the modals are shown the same way. At 375 px each picture is printed with what a phone
 * user would trip over (tap targets under 44 px, a page wider than the screen).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ENDPOINTS } from '../src/engine/endpoints.ts';
import { compileFlow, start, type Flow, type FlowState } from '../src/engine/index.ts';
import { VIEW_IDS } from '../src/engine/views.ts';
import { readFlowLibrary, readProjectFlow } from '../src/linter/load-flows.ts';
import { startLocalServer } from './lib/local-server.ts';
import { phoneProblems } from './lib/phone-problems.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, FAKE_CAMERA_FLAGS } from './lib/chromium.ts';

const OUT = 'reports/screenshots';
const VIEWPORTS = [
  { name: '375', width: 375, height: 740 },
  { name: '1280', width: 1280, height: 800 },
];
// Spanish browser chrome (the file picker's own words), as on an applicant's phone.
const FLAGS = [...CHROMIUM_FLAGS, ...FAKE_CAMERA_FLAGS, '--lang=es-PE'];

/** Plausible answers already in the context, so views show figures and a holder's name. */
const SAMPLE_CONTEXT = {
  documento: '45678912',
  telefono: '987654321',
  codigoProspecto: 1001,
  nombreTitular: 'ANA MARIA QUISPE ROJAS',
  montoMaximo: 8000,
  importeMaximo: 8000,
  importeFinanciar: 5000,
  plazos: '6,12,18,24',
  cuotas: 12,
  importeCuotas: 560.12,
  tasa: 0.65,
  fr: 20,
  preguntas: [
    {
      idPregunta: 1,
      pregunta: '¿En qué distrito naciste?',
      alternativas: [
        { idRespuesta: 11, respuesta: 'Miraflores' },
        { idRespuesta: 12, respuesta: 'Surco' },
        { idRespuesta: 13, respuesta: 'Ninguna de las anteriores' },
      ],
    },
    {
      idPregunta: 2,
      pregunta: '¿Con cuál de estas entidades tienes un crédito vigente?',
      alternativas: [
        { idRespuesta: 21, respuesta: 'BCP' },
        { idRespuesta: 22, respuesta: 'Interbank' },
        { idRespuesta: 23, respuesta: 'Ninguna' },
      ],
    },
  ],
  documentos: [
    { codigo: 'HR', titulo: 'Hoja resumen', url: '#' },
    { codigo: 'SC', titulo: 'Solicitud de crédito', url: '#' },
    { codigo: 'CP', titulo: 'Contrato de préstamo', url: '#' },
    { codigo: 'CR', titulo: 'Cronograma de pagos', url: '#' },
  ],
};

interface Shot {
  name: string;
  route: string;
  state: FlowState | null;
  stepId?: string;
  /** A modal is open over the step: the picture is of the screen, once the dialog shows. */
  modal?: boolean;
  /** A promoter page: the promoter logs in first (and has registered a prospect). */
  promoter?: boolean;
  /** What to do on the page before the picture (e.g. open a link). */
  then?: (page: Page) => Promise<void>;
}

/** The modal kinds a flow may declare (flow-types `Modal.kind`), and the built-in error dialog. */
const MODAL_KINDS = ['error', 'alert', 'confirm', 'image', 'token', 'married', 'terms', 'barcode', 'upload'];

/** The flows whose end pages are photographed (by include name), and the end steps of each. */
const END_PAGES: Record<string, string[]> = {
  credinstante: ['felicitaciones', 'observados'],
  celulares: ['felicitaciones'],
};

/** The site's pages that are not a flow's step: the error page, the legal pages and the promoter's. */
const PAGES: Shot[] = [
  { name: 'page-404', route: '/esta-pagina-no-existe', state: null },
  { name: 'page-terms', route: '/terminos-y-condiciones', state: null },
  { name: 'page-privacy', route: '/proteccion-de-datos-personales', state: null },
  { name: 'page-promotor', route: '/promotor', state: null },
  { name: 'page-estado-prospectos', route: '/estado-prospectos', state: null, promoter: true },
  {
    name: 'page-prospecto',
    route: '/estado-prospectos',
    state: null,
    promoter: true,
    then: async (page) => {
      await page.locator('a[href^="/estado-prospectos/prospect/"]:visible').first().click();
      await page.getByRole('heading', { name: /^Prospecto / }).waitFor();
    },
  },
];

const PROMOTER = { usuario: 'promotor', password: 'Promotor2026' };

/** Logs the promoter in, going on to `next`. */
async function logIn(page: Page, base: string, next: string): Promise<void> {
  await page.goto(`${base}/promotor?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Usuario').fill(PROMOTER.usuario);
  await page.getByLabel('Contraseña').fill(PROMOTER.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`**${next}`);
}

/** The promoter registers one applicant with Credinstante's first step, so their list has a prospect. */
async function registerProspect(page: Page, base: string): Promise<void> {
  await logIn(page, base, '/credinstante');
  await page.getByLabel('Número de documento').fill('63000001');
  await page.getByLabel('Fecha de nacimiento').fill('1990-05-10');
  await page.getByLabel('Placa del vehículo').fill('ABC123');
  await page.getByLabel('Celular').fill('970000001');
  await page.getByLabel('Correo electrónico').fill('ana@example.com');
  await page.getByRole('checkbox').check();
  const answered = page.waitForResponse((r) => r.url().endsWith('/v4/prospecto/v2.0/producto/lde'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await answered;
}

/** The product flows as the engine plays them, each with the other flow files it may need (by their name under flows/). */
function flows(): { name: string; flow: Flow; fragments: Record<string, Flow> }[] {
  const library = readFlowLibrary('.');
  return Object.keys(library)
    .map((name) => ({ name, flow: readProjectFlow('.', name, library) }))
    .filter(({ flow }) => Array.isArray(flow.routes) && flow.routes.length > 0)
    .map(({ name, flow }) => ({ name, flow, fragments: library }));
}

/**
 * Every picture to take (exported for tests): the home page, one step of each view a flow
 * uses, the end pages of Credinstante and Celulares, one modal of each kind a flow declares
 * (and the built-in error dialog), the error page, the legal pages and the promoter's pages.
 */
export function shots(): Shot[] {
  const list: Shot[] = [{ name: 'home', route: '/', state: null }];
  const seen = new Set<string>();
  const modalKinds = new Set<string>();
  for (const { name, flow, fragments } of flows()) {
    const compiled = compileFlow(flow, ENDPOINTS, fragments);
    const first = start(compiled, { session: 'screenshots' }).state;
    const base: FlowState = {
      ...first,
      context: { ...first.context, ...SAMPLE_CONTEXT },
      pending: null,
      waiting: null,
      modal: null,
    };
    const route = flow.routes[0]!;
    const steps = Object.entries(compiled.flow.steps);
    for (const [stepId, step] of steps) {
      if (seen.has(step.view)) continue;
      seen.add(step.view);
      list.push({ name: `view-${step.view}`, route, state: { ...base, step: stepId }, stepId });
    }
    for (const stepId of END_PAGES[name] ?? [])
      list.push({ name: `end-${name}-${stepId}`, route, state: { ...base, step: stepId }, stepId });
    // A modal shows over the flow's first form, as most modals do.
    const under = steps.find(([, step]) => step.view === 'form')?.[0] ?? base.step;
    if (!modalKinds.has('$error')) {
      modalKinds.add('$error');
      list.push({
        name: 'modal-error',
        route,
        modal: true,
        state: {
          ...base,
          step: under,
          modal: { id: '$error', then: null, vars: { message: 'Ocurrió un error en el servidor' } },
        },
      });
    }
    for (const [id, modal] of Object.entries(compiled.flow.modals ?? {})) {
      if (modalKinds.has(modal.kind)) continue;
      modalKinds.add(modal.kind);
      list.push({
        name: `modal-${modal.kind}-${id}`,
        route,
        modal: true,
        state: { ...base, step: under, modal: { id, then: null, vars: { ...SAMPLE_CONTEXT } } },
      });
    }
  }
  list.push(...PAGES);
  const missing = VIEW_IDS.filter((v) => !seen.has(v));
  if (missing.length) console.log(`No flow uses these views yet, so no screenshot: ${missing.join(', ')}`);
  const unused = MODAL_KINDS.filter((k) => !modalKinds.has(k));
  if (unused.length)
    console.log(`No flow declares these modal kinds, so no screenshot: ${unused.join(', ')}`);
  return list;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // Let the page-in transition finish (0.18 s) so the picture is not half faded.
  await page.waitForTimeout(400);
}

async function main(): Promise<number> {
  mkdirSync(OUT, { recursive: true });
  const server = await startLocalServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
  try {
    const list = shots();
    let registered = false;
    for (const viewport of VIEWPORTS) {
      for (const shot of list) {
        const context = await browser.newContext({ viewport, locale: 'es-PE', reducedMotion: 'reduce' });
        if (shot.state) {
          const saved = JSON.stringify({
            state: shot.state,
            live: { call: null, socket: null, timers: {} },
            savedAt: Date.now(),
          });
          await context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
            `flow:${shot.state.flowId}`,
            saved,
          ] as const);
        }
        const page = await context.newPage();
        if (shot.promoter) {
          if (!registered) {
            await registerProspect(page, server.url);
            registered = true;
          } else await logIn(page, server.url, shot.route);
          await page.goto(server.url + shot.route);
          await page.getByText('Cargando…').waitFor({ state: 'detached' });
        } else await page.goto(server.url + shot.route);
        if (shot.stepId) await page.locator(`[data-step="${shot.stepId}"]`).waitFor();
        if (shot.modal) await page.getByRole('dialog').waitFor();
        await shot.then?.(page);
        await settle(page);
        const file = join(OUT, `${viewport.name}-${shot.name}.png`);
        await page.screenshot({ path: file, fullPage: !shot.modal });
        const problems =
          viewport.width < 600 ? await phoneProblems(page, shot.modal ? '[role="dialog"]' : 'body') : [];
        console.log(file + problems.map((p) => `\n  ${p}`).join(''));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
