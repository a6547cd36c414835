import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import QuestionsView from './questions-view.tsx';
import { makeState, ofType, renderView } from './view-test-utils.tsx';

// As the identity service sends them: numeric ids, `texto`, `opciones`.
const PREGUNTAS = [
  {
    id: 1,
    texto: '¿En qué distrito nació?',
    opciones: [
      { id: 11, texto: 'Miraflores' },
      { id: 12, texto: 'Surco' },
    ],
  },
  {
    id: 2,
    texto: '¿Con qué entidad tiene un crédito?',
    opciones: [
      { id: 21, texto: 'BCP' },
      { id: 22, texto: 'Interbank' },
      { id: 23, texto: 'Ninguna' },
    ],
  },
];

describe('questions view', () => {
  it('asks every question and submits the answers by code', () => {
    const { events } = renderView(
      QuestionsView,
      { view: 'questions' },
      { state: makeState({ preguntas: PREGUNTAS }) },
    );
    const first = screen.getByRole('group', { name: /distrito nació/ });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(ofType(events, 'submit')).toHaveLength(0);
    fireEvent.click(first.querySelector('input[value="12"]')!);
    fireEvent.click(screen.getByRole('radio', { name: 'Ninguna' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(ofType(events, 'submit')).toEqual([
      {
        type: 'submit',
        data: {
          respuestas: [
            { codigoPregunta: 1, codigoRespuesta: 12 },
            { codigoPregunta: 2, codigoRespuesta: 23 },
          ],
        },
      },
    ]);
  });

  it('offers no empty form: loading while the questions are asked for, the service message if none came', () => {
    const step = { view: 'questions', title: 'credinstante.step.validacionIdentidad' };
    const asking = {
      ...makeState({}),
      pending: { requestId: 'r1', step: 'paso', trigger: 'enter', endpoint: 'identity.questions' },
    };
    const first = renderView(QuestionsView, step, { state: asking });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
    cleanup();
    const none = renderView(QuestionsView, step, { state: makeState({}) });
    expect(screen.getByText(/no podemos obtener las preguntas/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
    expect([...ofType(first.events, 'submit'), ...ofType(none.events, 'submit')]).toHaveLength(0);
  });

  it('also reads questions given with codes and plain-text options', () => {
    const { events } = renderView(
      QuestionsView,
      { view: 'questions' },
      {
        state: makeState({
          preguntas: [{ codigo: 'P1', pregunta: '¿Año de nacimiento?', alternativas: ['1980', '1985'] }],
        }),
      },
    );
    fireEvent.click(screen.getByRole('radio', { name: '1985' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(ofType(events, 'submit')).toEqual([
      { type: 'submit', data: { respuestas: [{ codigoPregunta: 'P1', codigoRespuesta: 2 }] } },
    ]);
  });
});
