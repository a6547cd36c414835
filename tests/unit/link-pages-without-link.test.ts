/**
 * The pages a texted link opens (`/activacion-ld`, `/firma-electronica`,
 * `/credinstante/observados/:token?`), visited without the link: the flow starts on a message
 * that says to open the link from the SMS (`startFrom`: only a visit carrying `token` starts at
 * the step that checks it). No call is made, so the build draws that message into the page's
 * HTML; its button goes home. With a token, in the query or the path, the link is checked.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readFlow } from './flow-session.ts';

const PAGES = [
  { flow: 'activacion-ld', check: 'enlace', message: 'error.badLink', fragments: {} },
  { flow: 'credinstante-observados', check: 'validarEnlace', message: 'error.badLink', fragments: {} },
  {
    flow: 'firma-electronica',
    check: 'validarEnlace',
    message: 'signature.message',
    fragments: { 'fragments/firma': readFlow('fragments/firma') },
  },
];

describe.each(PAGES)('$flow without its link', ({ flow, check, message, fragments }) => {
  const compiled = compileFlow(readFlow(flow), ENDPOINTS, fragments);

  it('starts on a message to open the SMS link, asking the service nothing', () => {
    const s = new FlowSession(compiled);
    expect(s.state.step).toBe('sinEnlace');
    expect(s.state.pending).toBeNull();
    expect(s.effects.filter((e) => e.type === 'call')).toEqual([]);
    const step = compiled.steps.get('sinEnlace')!.step;
    expect(step.view).toBe('message');
    expect(step.props).toMatchObject({ message, button: 'view.letter.finish' });
  });

  it('its button goes home', () => {
    const s = new FlowSession(compiled).submit();
    expect(s.effects).toContainEqual(expect.objectContaining({ type: 'navigate', to: '/' }));
  });

  it('with a token, checks the link first', () => {
    const s = new FlowSession(compiled, { token: 'a.b.c' });
    expect(s.state.step).toBe(check);
    expect(s.call).toMatchObject({ endpoint: 'jwt.validate', body: { token: 'a.b.c' } });
  });
});
