import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import TokenView from './token-view.tsx';
import { makeState, ofType, renderView } from './view-test-utils.tsx';

describe('token view', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers the code from the SMS to the phone: one numeric one-time-code input', () => {
    renderView(TokenView, { view: 'token' }, { state: makeState({ telefono: '987654321' }) });
    const input = screen.getByLabelText(/Código de verificación/);
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '6');
    expect(screen.getByText(/al \*\*\*\s\*\*\*\s321/)).toBeInTheDocument();
    expect(screen.queryByText(/987654321/)).toBeNull();
  });

  it('lets the code be sent again only after the countdown, then counts again', () => {
    vi.useFakeTimers();
    const { events } = renderView(TokenView, { view: 'token', props: { resendSeconds: 60 } });
    expect(screen.getByText('Podrás reenviar el código en 60 s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar código' })).toBeNull();
    for (let i = 0; i < 59; i++) act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText('Podrás reenviar el código en 1 s')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(ofType(events, 'action')).toEqual([{ type: 'action', name: 'resend' }]);
    expect(screen.getByText('Podrás reenviar el código en 60 s')).toBeInTheDocument();
  });

  it('keeps only digits and submits a six-digit code, refusing a short one', () => {
    const { events } = renderView(TokenView, { view: 'token' });
    const input = screen.getByLabelText(/Código de verificación/);
    fireEvent.change(input, { target: { value: '12a3' } });
    expect(input).toHaveValue('123');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ingresa el código de 6 dígitos');
    expect(ofType(events, 'submit')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(ofType(events, 'submit')).toEqual([{ type: 'submit', data: { token: '123456' } }]);
    expect(ofType(events, 'change').at(-1)?.data).toEqual({ token: '123456' });
  });

  it('sends nothing more while the code is being checked: the field and the button are disabled', () => {
    const { events } = renderView(
      TokenView,
      { view: 'token' },
      { state: makeState({}, { paso: { token: '123456' } }), busy: true },
    );
    expect(screen.getByLabelText(/Código de verificación/)).toBeDisabled();
    const button = screen.getByRole('button', { name: 'Continuar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    fireEvent.submit(button.closest('form')!);
    expect(ofType(events, 'submit')).toHaveLength(0);
  });
});
