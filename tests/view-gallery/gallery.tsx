/**
 * Renders one step view (`?view=<id>`) from its fixture inside the product theme, for
 * screenshots at phone and desktop widths. Events are logged to the console.
 */
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/web/shell/shell.css';
import { views } from '../../src/web/views/registry.ts';
import { loadAllTexts, t } from '../../src/web/lib/i18n.ts';
import { VIEW_IDS, type ViewId } from '../../src/engine/views.ts';
import type { FlowState } from '../../src/engine/engine-types.ts';
import { FIXTURES } from './fixtures.ts';

const id = new URLSearchParams(window.location.search).get('view') ?? 'form';
if (!(VIEW_IDS as readonly string[]).includes(id))
  throw new Error(`?view=${id} no es una vista; use una de ${VIEW_IDS.join(', ')}`);
const fixture = FIXTURES[id as ViewId];
const View = views[id as ViewId];
const state: FlowState = {
  flowId: 'galeria',
  session: 'galeria',
  seq: 1,
  step: 'paso',
  history: [],
  context: fixture.context ?? {},
  forms: {},
  params: {},
  modal: null,
  pending: null,
  waiting: null,
  error: null,
  done: false,
};

// Every text of the site, as a lazy page of the runtime waits for them: the views show texts, not keys.
await loadAllTexts();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main style={{ maxWidth: 1024, margin: '0 auto', padding: '0 16px' }}>
      <Suspense fallback={<p>…</p>}>
        <View
          flow={{
            id: 'galeria',
            title: 'product.credinstante',
            routes: ['/galeria'],
            layout: 'default',
            start: 'paso',
            steps: { paso: fixture.step },
          }}
          stepId="paso"
          step={fixture.step}
          state={state}
          busy={false}
          t={t}
          send={(e) => console.info('event', JSON.stringify(e))}
        />
      </Suspense>
    </main>
  </StrictMode>,
);
