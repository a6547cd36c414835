import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ProductList } from './product-list.tsx';

// The flow files as the build's flow-meta plugin lists them (the deprecated Credinstante has one too).
vi.mock('../runtime/flow-files.ts', () => ({
  flowMetas: () =>
    [
      ['/credinstante', 'product.credinstante'],
      ['/credinstante-deprecated', 'product.credinstanteDeprecated'],
      ['/celulares', 'product.celulares'],
      ['/moto', 'product.moto'],
      ['/consumo', 'product.consumo'],
      ['/taxi-profesional', 'product.taxiProfesional'],
    ].map(([route, title]) => ({ file: route!.slice(1), meta: { routes: [route], title } })),
}));

describe('the product list of the home page', () => {
  it('shows what works first, groups the products not yet online apart, and does not offer the deprecated Credinstante', () => {
    render(
      <MemoryRouter>
        <ProductList />
      </MemoryRouter>,
    );
    const online = screen.getByRole('region', { name: 'Solicítalo en línea' });
    const soon = screen.getByRole('region', { name: 'Muy pronto en línea' });
    expect(online.compareDocumentPosition(soon) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const name of ['Credinstante', 'Celulares', 'Moto', 'Consumo', 'Taxi profesional'])
      expect(within(online).getByRole('link', { name }), name).toBeInTheDocument();
    expect(within(soon).getByRole('link', { name: 'FAE MYPE' })).toHaveAttribute('href', '/faemype');
    expect(within(soon).queryByRole('link', { name: 'Credinstante' })).toBeNull();
    expect(screen.queryByRole('link', { name: /versión anterior/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Términos/ })).toBeNull();
  });
});
