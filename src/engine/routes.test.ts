import { describe, expect, it } from 'vitest';
import { drawnPathOf, drawnScreenOf, pathParamsOf } from './routes.ts';

describe('the first screen the build drew for a visit', () => {
  const observed = { firstView: 'message', linkViews: { token: 'loading' } };
  const route = '/credinstante/observados/:token?';

  it('reads a token from the path as a link would carry it, decoded, or as typed when it is not valid encoding', () => {
    expect(pathParamsOf(route, '/credinstante/observados')).toEqual({});
    expect(pathParamsOf(route, '/credinstante/observados/a.b.c/')).toEqual({ token: 'a.b.c' });
    expect(pathParamsOf(route, '/credinstante/observados/a%2Eb')).toEqual({ token: 'a.b' });
    expect(pathParamsOf(route, '/credinstante/observados/a%E0b')).toEqual({ token: 'a%E0b' });
    expect(drawnPathOf(route)).toBe('/credinstante/observados');
  });

  it('a link (query or path) gets the loading step it starts at; nothing, or only tracking, the start step', () => {
    expect(drawnScreenOf(observed, route, '?token=x')).toEqual({ link: 'token' });
    expect(drawnScreenOf(observed, route, '', { token: 'x' })).toEqual({ link: 'token' });
    expect(drawnScreenOf(observed, route, '')).toEqual({});
    expect(drawnScreenOf(observed, route, '?utm_source=sms')).toEqual({});
    expect(drawnScreenOf(observed, route, '?otro=1')).toBeUndefined();
  });

  it('a link whose step is not a loading step, or whose view is unknown, gets none: the runtime draws it', () => {
    expect(
      drawnScreenOf({ firstView: 'form', linkViews: { cotizacion: '' } }, '/consumo', '?cotizacion=x'),
    ).toBe(undefined);
    expect(drawnScreenOf({ firstView: 'form', linkViews: { p: 'summary' } }, '/x', '?p=1')).toBeUndefined();
  });

  it('the first listed parameter decides, as the engine starts the flow', () => {
    const two = { firstView: 'form', linkViews: { process: 'loading', cotizacion: '' } };
    expect(drawnScreenOf(two, '/x', '?cotizacion=1&process=2')).toEqual({ link: 'process' });
  });

  it('a flow that starts on a loading step whatever the address: its page for any query', () => {
    expect(drawnScreenOf({ firstView: 'loading' }, '/x', '?cualquier=1')).toEqual({});
  });
});
