import { describe, expect, it } from 'vitest';
import { builtScreenFits } from './built-screen-fits.ts';
import type { FlowMeta } from '../runtime/flow-files.ts';
import { saveHandoff, sessionKey } from '../runtime/flow-session.ts';

const FLOWS: Pick<FlowMeta, 'id' | 'routes' | 'firstView' | 'linkViews'>[] = [
  { id: 'credinstante', routes: ['/credinstante'], firstView: 'form', linkViews: { process: 'loading' } },
  { id: 'consumo', routes: ['/consumo'], firstView: 'form', linkViews: { cotizacion: '' } },
  {
    id: 'credinstante-observados',
    routes: ['/credinstante/observados/:token?'],
    firstView: 'message',
    linkViews: { token: 'loading' },
  },
  { id: 'solo-enlace', routes: ['/solo-enlace'], firstView: 'loading' },
];

function storage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('the built first screen is taken over only when it is what the visitor would see', () => {
  it('a plain address with nothing stored: yes', () => {
    expect(builtScreenFits({ pathname: '/credinstante', search: '' }, storage(), false, FLOWS)).toBe(true);
    expect(builtScreenFits({ pathname: '/credinstante/', search: '' }, storage(), false, FLOWS)).toBe(true);
    expect(builtScreenFits({ pathname: '/promotor', search: '' }, storage(), false, FLOWS)).toBe(true);
  });

  it('a parameter the flow does not start elsewhere with, or one whose step the build did not draw: no', () => {
    for (const search of ['?utm_source=correo&channel=3', '?next=%2F', '?cotizacion=x.y'])
      expect(builtScreenFits({ pathname: '/credinstante', search }, storage(), false, FLOWS)).toBe(false);
    expect(
      builtScreenFits({ pathname: '/consumo', search: '?cotizacion=x.y' }, storage(), false, FLOWS),
    ).toBe(false);
  });

  it('an SMS link (?process=) whose flow starts on a loading step: yes, the build drew that step', () => {
    for (const search of ['?process=abc', '?process=abc&utm_source=sms'])
      expect(builtScreenFits({ pathname: '/credinstante', search }, storage(), false, FLOWS)).toBe(true);
  });

  it('campaign tracking, and the login’s way back: yes, as the server decides', () => {
    for (const search of ['?utm_source=correo&utm_campaign=gnv', '?gclid=x1&fbclid=y2'])
      expect(builtScreenFits({ pathname: '/credinstante', search }, storage(), false, FLOWS)).toBe(true);
    const login = { pathname: '/promotor', search: '?next=%2Fcontigo' };
    expect(builtScreenFits(login, storage(), false, FLOWS)).toBe(true);
  });

  it('a logged-in promoter: no', () => {
    expect(builtScreenFits({ pathname: '/credinstante', search: '' }, storage(), true, FLOWS)).toBe(false);
  });

  it('a saved session of the route’s flow, or a handoff to the route: no; another flow’s: yes', () => {
    const saved = storage({ [sessionKey('credinstante')]: '{}' });
    expect(builtScreenFits({ pathname: '/credinstante', search: '' }, saved, false, FLOWS)).toBe(false);
    expect(builtScreenFits({ pathname: '/consumo', search: '' }, saved, false, FLOWS)).toBe(true);
    const handed = storage();
    saveHandoff(handed, '/consumo?x=1', { documento: '45678912' }, Date.now());
    expect(builtScreenFits({ pathname: '/consumo', search: '' }, handed, false, FLOWS)).toBe(false);
    expect(builtScreenFits({ pathname: '/credinstante', search: '' }, handed, false, FLOWS)).toBe(true);
  });

  it('a link’s page: yes without a link, and with its token in the query or the path', () => {
    for (const opened of [
      { pathname: '/credinstante/observados', search: '' },
      { pathname: '/credinstante/observados', search: '?token=a.b.c' },
      { pathname: '/credinstante/observados/a.b.c', search: '' },
      { pathname: '/credinstante/observados/a.b.c', search: '?utm_source=sms' },
    ])
      expect(builtScreenFits(opened, storage(), false, FLOWS)).toBe(true);
    // A page without a link says so, and no other parameter changes that: drawn only for nothing.
    const other = { pathname: '/credinstante/observados', search: '?otro=1' };
    expect(builtScreenFits(other, storage(), false, FLOWS)).toBe(false);
    // A flow that starts on a loading step whatever the address carries.
    expect(builtScreenFits({ pathname: '/solo-enlace', search: '?otro=1' }, storage(), false, FLOWS)).toBe(
      true,
    );
    // As any product: not over a saved session of its flow, nor for a promoter.
    const saved = storage({ [sessionKey('credinstante-observados')]: '{}' });
    const link = { pathname: '/credinstante/observados/a.b.c', search: '' };
    expect(builtScreenFits(link, saved, false, FLOWS)).toBe(false);
    expect(builtScreenFits(link, storage(), true, FLOWS)).toBe(false);
  });
});
