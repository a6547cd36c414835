import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import MessageView from './message-view.tsx';
import LetterView from './letter-view.tsx';
import LoadingView from './loading-view.tsx';
import { makeState, ofType, renderView } from './view-test-utils.tsx';

describe('message view', () => {
  it('shows the title and message of the step, greeting by the first word of the name only', () => {
    const { events } = renderView(
      MessageView,
      {
        view: 'message',
        props: {
          title: 'modal.title.felicidades',
          message: 'view.greeting',
          status: 'success',
          button: 'app.home',
          action: 'home',
        },
      },
      { state: makeState({ nombreTitular: 'MARÍA ELENA QUISPE' }) },
    );
    expect(screen.getByRole('heading', { name: '¡Felicidades!' })).toBeInTheDocument();
    expect(screen.getByText('Hola, María')).toBeInTheDocument();
    expect(screen.queryByText(/Elena|Quispe/i)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Inicio' }));
    expect(ofType(events, 'action')).toEqual([{ type: 'action', name: 'home' }]);
  });

  it("an end page's button runs the step's next action (its way on, without leaving the page)", () => {
    const { events } = renderView(MessageView, {
      view: 'message',
      props: { title: 'vendemas.rechazada.title', button: 'vendemas.otraConsulta' },
      next: { goto: 'inicio' },
      final: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar otra oferta' }));
    expect(ofType(events, 'submit')).toEqual([{ type: 'submit', data: {} }]);
  });

  it('shows a rejection without any button when none is given', () => {
    renderView(MessageView, {
      view: 'message',
      props: { title: 'modal.title.loSentimos', message: 'status.rechazado', status: 'error' },
    });
    expect(screen.getByText('En esta oportunidad tu solicitud no fue aprobada.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('end page of an instant credit', () => {
  const signed = {
    importeFinanciar: 2500,
    cuotas: 12,
    importeCuotas: 262.4,
    tea: 0.85,
    documentos: [
      { tipo: 'A', titulo: 'Hoja resumen', url: '/kong/reporte/contrato/2/abc' },
      { tipo: 'B', titulo: 'Contrato de crédito', url: '/kong/reporte/contrato/2/def' },
      { tipo: 'C', titulo: 'Cronograma', contenido: 'JVBERi0=' },
    ],
  };
  const endPage = {
    view: 'message',
    props: {
      title: 'modal.title.felicidades',
      message: 'credinstante.felicitaciones.message',
      status: 'success',
      summary: true,
      documents: [{ listFrom: 'documentos' }],
      button: 'view.letter.finish',
    },
    next: { home: true },
    final: true,
  } as const;

  it('sums up the credit signed, links each contract document the service gave a link for and leads home', () => {
    const { events } = renderView(MessageView, endPage, { state: makeState(signed) });
    const summary = screen.getByText('Tu crédito').closest('.credit-summary') as HTMLElement;
    expect(summary).toHaveTextContent(/Monto\s*S\/ 2,500\.00/);
    expect(summary).toHaveTextContent(/Plazo\s*12 meses/);
    expect(summary).toHaveTextContent(/Cuota mensual\s*S\/ 262\.40/);
    expect(summary).toHaveTextContent(/TEA\s*85\.00 %/);
    const documents = screen.getByRole('list', { name: 'Documentos para descargar' });
    expect(
      within(documents)
        .getAllByRole('link')
        .map((a) => [a.textContent?.trim(), a.getAttribute('href')]),
    ).toEqual([
      ['Hoja resumen', '/kong/reporte/contrato/2/abc'],
      ['Contrato de crédito', '/kong/reporte/contrato/2/def'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Ir al inicio' }));
    expect(ofType(events, 'submit')).toEqual([{ type: 'submit', data: {} }]);
  });

  it("speaks of the phone financed in the product's words, not of a cash loan", () => {
    renderView(
      MessageView,
      {
        ...endPage,
        props: {
          ...endPage.props,
          message: 'celulares.felicitaciones.message',
          summary: { title: 'celulares.resumen.titulo', amountLabel: 'celulares.resumen.monto' },
        },
      },
      { state: makeState(signed) },
    );
    const summary = screen.getByText('Tu celular financiado').closest('.credit-summary') as HTMLElement;
    expect(summary).toHaveTextContent(/Monto financiado\s*S\/ 2,500\.00/);
    expect(screen.queryByText('Tu crédito')).toBeNull();
  });
});

describe('message view with a list', () => {
  it('lists the items the context holds under the key step.props.listFrom names', () => {
    renderView(
      MessageView,
      { view: 'message', props: { title: 'modal.title.estimadoCliente', listFrom: 'politicasObservadas' } },
      {
        state: makeState({
          politicasObservadas: [
            'Deuda vencida en el sistema financiero',
            { descripcion: 'Ingresos no sustentados' },
          ],
        }),
      },
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Deuda vencida en el sistema financiero',
      'Ingresos no sustentados',
    ]);
  });
});

describe('letter view', () => {
  it('links the letter PDF from the context and summarises the credit', () => {
    const { events } = renderView(
      LetterView,
      { view: 'letter' },
      {
        state: makeState({
          urlCarta: '/reportes/carta-123.pdf',
          importeFinanciar: 5000,
          cuotas: 12,
          importeCuotas: 532.59,
          tasa: 0.6,
          nombres: 'PEDRO',
        }),
      },
    );
    expect(screen.getByRole('link', { name: /Ver carta/ })).toHaveAttribute(
      'href',
      '/reportes/carta-123.pdf',
    );
    expect(screen.getByText('S/ 5,000.00')).toBeInTheDocument();
    expect(screen.getByText('60.00 %')).toBeInTheDocument();
    expect(screen.getByText('Hola, Pedro')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(ofType(events, 'submit')).toEqual([{ type: 'submit', data: {} }]);
  });
});

describe('loading view', () => {
  it('announces that it is waiting', () => {
    renderView(LoadingView, { view: 'loading' });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
  });
});

describe('message view as the last page', () => {
  it('summarises the credit chosen when the step asks for it', () => {
    renderView(
      MessageView,
      {
        view: 'message',
        props: { title: 'taxi.registrada.titulo', message: 'taxi.registrada.mensaje', summary: true },
      },
      { state: makeState({ importeFinanciar: 18000, numeroCuotas: 24, importeCuotas: 1010.5, tasa: 0.35 }) },
    );
    const summary = screen.getByText('Tu crédito').closest('.credit-summary') as HTMLElement;
    expect(summary).toHaveTextContent('S/ 18,000.00');
    expect(summary).toHaveTextContent('24 meses');
    expect(summary).toHaveTextContent('S/ 1,010.50');
    expect(summary).toHaveTextContent('35.00 %');
  });

  it('shows no summary without the prop, nor when nothing was chosen', () => {
    renderView(
      MessageView,
      { view: 'message', props: { message: 'taxi.registrada.mensaje', summary: true } },
      { state: makeState({}) },
    );
    expect(screen.queryByText('Tu crédito')).toBeNull();
  });

  it('lists the documents to download whose link the context holds, under the summary', () => {
    renderView(
      MessageView,
      {
        view: 'message',
        props: {
          message: 'taxi.registrada.mensaje',
          summary: true,
          documents: [
            { from: 'urlCarta', label: 'view.letter.open' },
            { from: 'urlEmision', label: 'taxi.soat.ver' },
          ],
        },
      },
      {
        state: makeState({ importeFinanciar: 6500, cuotas: 24, urlCarta: '/kong/reporte/cartamototaxi/2/7' }),
      },
    );
    const list = screen.getByRole('list', { name: 'Documentos para descargar' });
    expect(screen.getByRole('link', { name: 'Ver carta (PDF)' })).toHaveAttribute(
      'href',
      '/kong/reporte/cartamototaxi/2/7',
    );
    expect(list.querySelectorAll('a')).toHaveLength(1);
    expect(screen.getByText('Tu crédito')).toBeInTheDocument();
  });
});
