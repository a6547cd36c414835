import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import DocumentsView from './documents-view.tsx';
import { makeState, ofType, renderView } from './view-test-utils.tsx';

const DOCS = [
  { codigo: 'HR', nombre: 'Hoja resumen', url: '/docs/hoja-resumen.pdf' },
  { codigo: 'CT', nombre: 'Contrato', url: '/docs/contrato.pdf' },
];

describe('documents view', () => {
  it('links each PDF and submits only once every document is accepted', () => {
    const { events } = renderView(
      DocumentsView,
      { view: 'documents' },
      { state: makeState({ documentos: DOCS }) },
    );
    expect(screen.getByRole('link', { name: /Ver Hoja resumen/ })).toHaveAttribute(
      'href',
      '/docs/hoja-resumen.pdf',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'He leído y acepto: Hoja resumen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Debes aceptar todos los documentos');
    expect(ofType(events, 'submit')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Acepto todos los documentos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(ofType(events, 'submit')).toEqual([
      { type: 'submit', data: { documentosAceptados: ['HR', 'CT'] } },
    ]);
  });

  it('opens documents sent inline as PDF content from a blob URL', async () => {
    const createObjectURL = vi.fn(() => 'blob:hoja');
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
    const inline = [{ tipo: 'hojaResumen', titulo: 'Hoja resumen', contenido: btoa('%PDF-1.4') }];
    renderView(DocumentsView, { view: 'documents' }, { state: makeState({ documentos: inline }) });
    expect(await screen.findByRole('link', { name: /Ver Hoja resumen/ })).toHaveAttribute(
      'href',
      'blob:hoja',
    );
    vi.unstubAllGlobals();
  });

  it('says the documents are on their way while they are generated, and that there are none once answered without any', () => {
    const step = { view: 'documents', title: 'celulares.step.documentosContrato' };
    const generating = {
      ...makeState({}),
      pending: { requestId: 'r1', step: 'paso', trigger: 'enter', endpoint: 'contracts.generate' },
    };
    renderView(DocumentsView, step, { state: generating });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByText('No hay documentos para mostrar')).toBeNull();
    cleanup();
    renderView(DocumentsView, step, { state: makeState({}) });
    expect(screen.getByText('No hay documentos para mostrar')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks for the SMS code with the documents when the step signs', () => {
    const { events } = renderView(
      DocumentsView,
      { view: 'documents', props: { withToken: true } },
      { state: makeState({ documentos: DOCS }) },
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Acepto todos los documentos' }));
    const code = screen.getByLabelText(/Código de verificación/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    fireEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(ofType(events, 'submit')).toHaveLength(0);
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(ofType(events, 'submit')).toEqual([
      { type: 'submit', data: { documentosAceptados: ['HR', 'CT'], token: '654321' } },
    ]);
  });
});
