import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { LightForm } from './light-form.tsx';
import { toNumber } from './number-field.tsx';

const SCHEMA: RJSFSchema = {
  type: 'object',
  properties: {
    ingresoMensual: { type: 'number', title: 'Ingreso mensual (S/)' },
    cuotas: {
      type: 'integer',
      title: 'Cuotas',
      oneOf: [
        { const: 6, title: '6' },
        { const: 12, title: '12' },
      ],
    },
  },
};

function renderForm() {
  const changes: Record<string, unknown>[] = [];
  render(
    <LightForm
      schema={SCHEMA}
      uiSchema={{ cuotas: { 'ui:widget': 'select' } }}
      validator={validator}
      onChange={(e: IChangeEvent<Record<string, unknown>>) => changes.push(e.formData ?? {})}
    />,
  );
  return changes;
}

afterEach(() => vi.restoreAllMocks());

describe('number fields of the light form', () => {
  it('hand the form a number, with the decimal point written the Peruvian way', async () => {
    const user = userEvent.setup({ delay: null });
    const changes = renderForm();
    const income = screen.getByLabelText(/Ingreso mensual/);
    expect(income).toHaveAttribute('type', 'number');
    await user.type(income, '1500.5');
    expect(changes.at(-1)).toMatchObject({ ingresoMensual: 1500.5 });
    await user.selectOptions(screen.getByLabelText(/Cuotas/), '12');
    expect(changes.at(-1)).toMatchObject({ ingresoMensual: 1500.5, cuotas: 12 });
  });

  it('never ask the browser’s language for its decimal separator (Intl is slow the first time)', async () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(screen.getByLabelText(/Ingreso mensual/), '12.5');
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it('read what is being typed as the number it already means', () => {
    expect(toNumber('12')).toBe(12);
    expect(toNumber('12.')).toBe(12);
    expect(toNumber('12.50')).toBe(12.5);
    expect(toNumber('100.00')).toBe(100);
    expect(toNumber('10')).toBe(10);
    expect(toNumber('.5')).toBe(0.5);
    expect(toNumber('-3.25')).toBe(-3.25);
    expect(toNumber('')).toBeUndefined();
    expect(toNumber(null)).toBeNull();
    expect(toNumber(7)).toBe(7);
    // Not a number: kept as typed, so validation says what is wrong.
    expect(toNumber('12,5')).toBe('12,5');
    expect(toNumber('-')).toBe('-');
  });
});
