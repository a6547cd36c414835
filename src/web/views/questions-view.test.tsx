import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import QuestionsView from './questions-view.tsx';
import { makeState, ofType, renderView } from './view-test-utils.tsx';

const PREGUNTAS = [
  { codigo: 'P1', pregunta: '¿En qué distrito nació?', alternativas: [{ codigo: 'A', descripcion: 'Miraflores' }, { codigo: 'B', descripcion: 'Surco' }] },
  { codigo: 'P2', pregunta: '¿Con qué entidad tiene un crédito?', alternativas: ['BCP', 'Interbank', 'Ninguna'] },
];

describe('questions view', () => {
  it('asks every question and submits the answers by code', () => {
    const { events } = renderView(QuestionsView, { view: 'questions' }, { state: makeState({ preguntas: PREGUNTAS }) });
    const first = screen.getByRole('group', { name: /distrito nació/ });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(ofType(events, 'submit')).toHaveLength(0);
    fireEvent.click(first.querySelector('input[value="B"]')!);
    fireEvent.click(screen.getByRole('radio', { name: 'Ninguna' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(ofType(events, 'submit')).toEqual([
      { type: 'submit', data: { respuestas: [{ codigoPregunta: 'P1', codigoRespuesta: 'B' }, { codigoPregunta: 'P2', codigoRespuesta: '3' }] } },
    ]);
  });
});
