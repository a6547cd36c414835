import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import LetterView from './letter-view.tsx';
import { makeState, ofType, renderView } from './view-test-utils.tsx';

describe('letter view showing another document (the taxi SOAT policy)', () => {
  const context = {
    urlEmision: '/kong/reporte/soat/2/41',
    urlCarta: '/kong/reporte/cartataxi/2/41',
    numeroPoliza: 'SOAT-2026-C4R518-000041',
    vigenciaHasta: '2027-03-02',
    importeFinanciar: 20000,
    cuotas: 36,
    importeCuotas: 905.12,
  };

  it('links the document the context holds under urlFrom, with its own label, and leaves out the credit summary', () => {
    const { events } = renderView(
      LetterView,
      {
        view: 'letter',
        props: {
          urlFrom: 'urlEmision',
          linkLabelKey: 'taxi.soat.ver',
          message: 'taxi.soat.mensaje',
          summary: false,
        },
      },
      { state: makeState(context) },
    );
    expect(screen.getByRole('link', { name: 'Ver póliza SOAT (PDF)' })).toHaveAttribute(
      'href',
      '/kong/reporte/soat/2/41',
    );
    expect(screen.queryByRole('link', { name: /Ver carta/ })).toBeNull();
    expect(
      screen.getByText(/con la póliza SOAT-2026-C4R518-000041, vigente hasta el 02\/03\/2027/),
    ).toBeInTheDocument();
    expect(screen.queryByText('S/ 20,000.00')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(ofType(events, 'submit')).toHaveLength(1);
  });

  it('still links the letter and shows the summary without those props', () => {
    renderView(LetterView, { view: 'letter' }, { state: makeState(context) });
    expect(screen.getByRole('link', { name: /Ver carta/ })).toHaveAttribute(
      'href',
      '/kong/reporte/cartataxi/2/41',
    );
    expect(screen.getByText('S/ 20,000.00')).toBeInTheDocument();
  });
});

describe('letter view as the last page', () => {
  it('summarises the credit, lists every document to download and names the next action', () => {
    const { events } = renderView(
      LetterView,
      {
        view: 'letter',
        props: {
          message: 'taxi.confirmacion.mensaje',
          button: 'view.letter.finish',
          documents: [
            { from: 'urlEmision', label: 'taxi.soat.ver' },
            { from: 'urlNoEmitido', label: 'taxi.soat.ver' },
          ],
        },
      },
      {
        state: makeState({
          codigoExpediente: 'EXP-41',
          urlCarta: '/kong/reporte/cartataxi/2/41',
          urlEmision: '/kong/reporte/soat/2/41',
          importeFinanciar: 20000,
          cuotas: 36,
          importeCuotas: 905.12,
        }),
      },
    );
    const summary = screen.getByText('Tu crédito').closest('.credit-summary') as HTMLElement;
    expect(summary).toHaveTextContent('S/ 20,000.00');
    expect(summary).toHaveTextContent('36 meses');
    expect(summary).toHaveTextContent('S/ 905.12');
    const documents = screen.getByRole('list', { name: 'Documentos para descargar' });
    // The letter, then the SOAT policy; a document the context has no link for is left out.
    expect(
      within(documents)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/kong/reporte/cartataxi/2/41', '/kong/reporte/soat/2/41']);
    fireEvent.click(screen.getByRole('button', { name: 'Ir al inicio' }));
    expect(ofType(events, 'submit')).toHaveLength(1);
  });
});
