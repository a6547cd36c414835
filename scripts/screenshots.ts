/**
 * Screenshots of the home page and of one step of each step view, at 375 px and 1280 px,
 * into `reports/screenshots/` (build first: `npm run build`). Each step is reached by
 * opening its flow's route with a saved session at that step (the runner resumes it), so
 * no path through the sandbox is needed; the error dialog is shown the same way.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ENDPOINTS } from '../src/engine/endpoints.ts';
import { compileFlow, start, type Flow, type FlowState } from '../src/engine/index.ts';
import { VIEW_IDS } from '../src/engine/views.ts';
import { readFlowLibrary, readProjectFlow } from '../src/linter/load-flows.ts';
import { startLocalServer } from './lib/local-server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, FAKE_CAMERA_FLAGS } from './lib/chromium.ts';

const OUT = 'reports/screenshots';
const VIEWPORTS = [
  { name: '375', width: 375, height: 740 },
  { name: '1280', width: 1280, height: 800 },
];
const FLAGS = [...CHROMIUM_FLAGS, ...FAKE_CAMERA_FLAGS];

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
  tasa: 0.65,
  preguntas: [
    {
      idPregunta: 1,
      pregunta: '¿En qué distrito nació?',
      alternativas: [
        { idRespuesta: 11, respuesta: 'Miraflores' },
        { idRespuesta: 12, respuesta: 'Surco' },
        { idRespuesta: 13, respuesta: 'Ninguna de las anteriores' },
      ],
    },
    {
      idPregunta: 2,
      pregunta: '¿Con qué entidad tiene un crédito?',
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
}

/** The product flows as the engine plays them, each with the other flow files it may need (by their name under flows/). */
function flows(): { flow: Flow; fragments: Record<string, Flow> }[] {
  const library = readFlowLibrary('.');
  return Object.keys(library)
    .map((name) => readProjectFlow('.', name, library))
    .filter((flow) => Array.isArray(flow.routes) && flow.routes.length > 0)
    .map((flow) => ({ flow, fragments: library }));
}

/** Every picture to take: the home page, one step of each view a flow uses, and the error dialog (exported for tests). */
export function shots(): Shot[] {
  const list: Shot[] = [{ name: 'home', route: '/', state: null }];
  const seen = new Set<string>();
  for (const { flow, fragments } of flows()) {
    const compiled = compileFlow(flow, ENDPOINTS, fragments);
    const first = start(compiled, { session: 'screenshots' }).state;
    const base: FlowState = {
      ...first,
      context: { ...first.context, ...SAMPLE_CONTEXT },
      pending: null,
      waiting: null,
      modal: null,
    };
    for (const [stepId, step] of Object.entries(compiled.flow.steps)) {
      if (seen.has(step.view)) continue;
      seen.add(step.view);
      list.push({
        name: `view-${step.view}`,
        route: flow.routes[0]!,
        state: { ...base, step: stepId },
        stepId,
      });
    }
    if (!seen.has('$error')) {
      seen.add('$error');
      list.push({
        name: 'modal-error',
        route: flow.routes[0]!,
        state: {
          ...base,
          modal: { id: '$error', then: null, vars: { message: 'Ocurrió un error en el servidor' } },
        },
      });
    }
  }
  const missing = VIEW_IDS.filter((v) => !seen.has(v));
  if (missing.length) console.log(`No flow uses these views yet, so no screenshot: ${missing.join(', ')}`);
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
    for (const viewport of VIEWPORTS) {
      for (const shot of shots()) {
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
        await page.goto(server.url + shot.route);
        if (shot.stepId) await page.locator(`[data-step="${shot.stepId}"]`).waitFor();
        if (shot.name === 'modal-error') await page.getByRole('dialog').waitFor();
        await settle(page);
        const file = join(OUT, `${viewport.name}-${shot.name}.png`);
        await page.screenshot({ path: file, fullPage: !shot.name.startsWith('modal') });
        console.log(file);
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
