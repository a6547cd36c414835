import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Field } from '../views/field.tsx';
import { RequiredLegend } from './required-mark.tsx';

describe('the required mark', () => {
  it('puts the asterisk before the label, out of the accessible name, with the control marked required', () => {
    render(
      <Field id="dni" label="DNI" show={false} required>
        <input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'DNI' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(document.querySelector('label[for="dni"]')?.textContent).toBe('*DNI');
  });

  it('says once what the asterisk means', () => {
    render(<RequiredLegend />);
    expect(screen.getByText(/Los campos marcados con/)).toHaveTextContent(
      'Los campos marcados con * son obligatorios.',
    );
  });
});
