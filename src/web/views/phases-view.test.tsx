import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import PhasesView from './phases-view.tsx';
import { makeState, renderView } from './view-test-utils.tsx';

describe('phases view', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('walks the four phases with the flow durations and stays on the last until the engine moves on', () => {
    renderView(PhasesView, { view: 'phases', props: { durations: [2000, 1000, 3000, 3000] } });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Cargando datos');
    act(() => void vi.advanceTimersByTime(1999));
    expect(status).toHaveTextContent('Cargando datos');
    act(() => void vi.advanceTimersByTime(1));
    expect(status).toHaveTextContent('Verificando');
    act(() => void vi.advanceTimersByTime(1000));
    expect(status).toHaveTextContent('Validando');
    act(() => void vi.advanceTimersByTime(3000));
    expect(status).toHaveTextContent('Evaluando');
    act(() => void vi.advanceTimersByTime(600_000));
    expect(status).toHaveTextContent('Evaluando');
    expect(screen.getByText('Evaluando', { selector: 'li' })).toHaveAttribute('aria-current', 'step');
  });

  it('greets with the first word of the name only', () => {
    renderView(PhasesView, { view: 'phases' }, { state: makeState({ nombres: 'JUAN CARLOS' }) });
    expect(screen.getByText('Juan, estamos evaluando tu solicitud')).toBeInTheDocument();
    expect(screen.queryByText(/Carlos/i)).toBeNull();
  });
});
