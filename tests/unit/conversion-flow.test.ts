/**
 * Plays the conversion flows where the path tests cannot: the resume link (`?process=`, texted
 * when the application is registered) opens the application at the step its status says, on
 * every conversion route; the campaign sends its origin and the link's utm fields; the direct
 * route and /autoclass send only what the applicant typed and the defaults.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readFlow } from './flow-session.ts';

const compiled = (id: string) => compileFlow(readFlow(id), ENDPOINTS, { conversion: readFlow('conversion') });
const PROSPECT = 700000042;
const LINK = {
  codRes: '00',
  data: { purpose: 'resume', kind: 'conversion', codigoProspecto: PROSPECT, documento: '45678912' },
};

describe.each(['conversion', 'campanaconversiones', 'autoclass'])('%s resumed from its link', (id) => {
  const opened = () => {
    const s = new FlowSession(compiled(id), { process: 'a.b.c' });
    expect(s.state.step).toBe('inicio');
    expect(s.call).toMatchObject({ endpoint: 'jwt.validate', body: { token: 'a.b.c' } });
    return s;
  };

  it.each([
    [0, 'ofertaFormulario'],
    [18, 'oferta'],
    [35, 'oferta'],
  ])('status %s goes to %s', (estado, step) => {
    const s = opened().answer(LINK);
    expect(s.state.step).toBe('estado');
    expect(s.call).toMatchObject({
      endpoint: 'conversion.status',
      path: `/kong/prospecto/v2.0/producto/conversion/${PROSPECT}`,
      query: { documento: '45678912' },
    });
    s.answer({ codRes: '00', estadoProspecto: estado });
    expect(s.state.step).toBe(step);
  });

  it.each([
    ['06', 'enlaceIncorrecto'],
    ['07', 'enlaceVencido'],
  ])('a link answered %s opens %s', (codRes, modal) => {
    expect(opened().answer({ codRes }).modal).toBe(modal);
  });

  it('a tampered link, once told, leaves the applicant on the data form', () => {
    const s = opened().answer({ codRes: '06' }).close();
    expect(s.state.step).toBe('datos');
  });

  it('without a link the data form opens at once, with no call to wait for', () => {
    const s = new FlowSession(compiled(id), { utm_source: 'facebook' });
    expect(s.state.step).toBe('datos');
    expect(s.state.pending).toBeNull();
    expect(s.state.modal).toBeNull();
  });
});

describe('what each conversion route sends with the evaluation', () => {
  const form = {
    documento: '45678912',
    placa: 'B7K-245',
    categoriaVehiculo: 'M1',
    telefono: '987654321',
    email: 'ana@example.com',
    terms: true,
  };
  const evaluation = (id: string, params: Record<string, string>) => {
    const s = new FlowSession(compiled(id), params);
    return s.submit(form).call;
  };

  it('the campaign landing: origin 8 and the utm fields of its link, never the terms flag', () => {
    const call = evaluation('campanaconversiones', { utm_source: 'facebook', utm_campaign: 'gnv' });
    expect(call.endpoint).toBe('conversion.preEvaluate');
    expect(call.body).toEqual({
      tipoDocumento: 1,
      documento: '45678912',
      placa: 'B7K-245',
      categoriaVehiculo: 'M1',
      telefono: '987654321',
      email: 'ana@example.com',
      codigoProducto: 19,
      channel: 1,
      origen: 8,
      utm_source: 'facebook',
      utm_campaign: 'gnv',
      rutaRetoma: '/campanaconversiones',
    });
  });

  it.each(['conversion', 'autoclass'])('%s: organic origin (4) and no utm fields', (id) => {
    expect(evaluation(id, {}).body).toMatchObject({ origen: 4, channel: 1 });
    expect(evaluation(id, {}).body).not.toHaveProperty('utm_source');
  });

  it.each(['conversion', 'autoclass', 'campanaconversiones'])(
    '%s names itself as the route the resume link returns to',
    (id) => {
      expect(evaluation(id, {}).body).toMatchObject({ rutaRetoma: `/${id}` });
    },
  );

  it('an approved loan ("04") offers the renewal page', () => {
    const s = new FlowSession(compiled('autoclass'));
    s.submit(form).answer({ codRes: '04' });
    expect(s.modal).toBe('renovacion');
    expect(s.close(0).effects).toContainEqual(
      expect.objectContaining({ type: 'navigate', to: '/renovacion' }),
    );
  });
});

describe('the terminal outcomes and the ads conversion', () => {
  const form = {
    documento: '45678912',
    placa: 'B7K-245',
    categoriaVehiculo: 'M1',
    telefono: '987654321',
    email: 'ana@example.com',
  };
  const evaluated = () => {
    const s = new FlowSession(compiled('campanaconversiones'), { utm_source: 'facebook' });
    return s.submit(form);
  };

  /** Evaluated at status 0: just registered (`nueva`) or an application resumed by its document and plate. */
  const atStatusZero = (nueva: boolean) =>
    evaluated().answer({
      codRes: '00',
      codigoProspecto: PROSPECT,
      estadoProspecto: 0,
      nuevaSolicitud: nueva,
    });

  it.each([
    ['01', 'solicitudEnProceso'],
    ['03', 'desaprobado'],
    ['05', 'noNuevasSolicitudes'],
  ])('pre-evaluation %s: its modal, then the evaluation data back to its defaults', (codRes, modal) => {
    const s = evaluated().answer({ codRes });
    expect(s.modal).toBe(modal);
    s.close();
    expect(s.state.context).not.toHaveProperty('documento');
    expect(s.state.context).not.toHaveProperty('codigoProspecto');
    expect(s.state.context).toMatchObject({ tipoDocumento: 1, channel: 1, origen: 8, codigoProducto: 19 });
  });

  it('a new evaluation (status 0) fires the ads conversion, naming only the flow and the step', () => {
    const s = atStatusZero(true);
    expect(s.state.step).toBe('estado');
    s.answer({ codRes: '00', estadoProspecto: 0 });
    expect(s.state.step).toBe('ofertaFormulario');
    const tracked = s.effects.filter((e) => e.type === 'track');
    expect(tracked).toEqual([
      {
        type: 'track',
        event: 'conversion_evaluacion_aprobada',
        data: { flow: 'campanaconversiones', step: 'estado' },
      },
    ]);
  });

  it('fires it once per application: not again when the same document and plate, or its link, reopen it at status 0', () => {
    const s = atStatusZero(true);
    s.answer({ codRes: '00', estadoProspecto: 0 });
    // Counted: a reload that enters the status step again finds it spent.
    expect(s.state.context.nuevaSolicitud).toBe(false);

    const again = atStatusZero(false);
    again.answer({ codRes: '00', estadoProspecto: 0 });
    expect(again.state.step).toBe('ofertaFormulario');
    expect(again.effects.some((e) => e.type === 'track')).toBe(false);

    const fromLink = new FlowSession(compiled('campanaconversiones'), { process: 'a.b.c' }).answer(LINK);
    fromLink.answer({ codRes: '00', estadoProspecto: 0 });
    expect(fromLink.state.step).toBe('ofertaFormulario');
    expect(fromLink.effects.some((e) => e.type === 'track')).toBe(false);
  });

  it('an offer status (18) goes on to the offer without firing it again', () => {
    const s = evaluated().answer({ codRes: '00', codigoProspecto: PROSPECT, estadoProspecto: 18 });
    s.answer({ codRes: '00', estadoProspecto: 18 });
    expect(s.state.step).toBe('oferta');
    expect(s.effects.some((e) => e.type === 'track')).toBe(false);
  });
});
