import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ProductList } from './product-list.tsx';
import { productLinks } from '../app/products.ts';

// The flow files as the build's flow-meta plugin lists them (the deprecated Credinstante has one too).
const SOME_FLOWS = [
  ['/credinstante', 'product.credinstante'],
  ['/credinstante-deprecated', 'product.credinstanteDeprecated'],
  ['/celulares', 'product.celulares'],
  ['/moto', 'product.moto'],
  ['/consumo', 'product.consumo'],
  ['/taxi-profesional', 'product.taxiProfesional'],
];
const flows = vi.hoisted(() => ({ routes: [] as string[][] }));
vi.mock('../runtime/flow-files.ts', () => ({
  // An entry is [route, title, …other routes the same flow serves].
  flowMetas: () =>
    flows.routes.map(([route, title, ...aliases]) => ({
      file: route!.slice(1),
      meta: { routes: [route, ...aliases], title },
    })),
}));

describe('the product list of the home page', () => {
  afterEach(cleanup);

  it('shows what works first, groups the products not yet online apart, and does not offer the deprecated Credinstante', () => {
    flows.routes = SOME_FLOWS;
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
    // A product without a flow file in this list waits in the second group.
    expect(
      within(soon)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toContain('/faemype');
    expect(within(soon).queryByRole('link', { name: 'Credinstante' })).toBeNull();
    expect(screen.queryByRole('link', { name: /versión anterior/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Términos/ })).toBeNull();
  });

  it('lists a flow served at two addresses once, at its first', () => {
    flows.routes = [...SOME_FLOWS, ['/seminuevo', 'product.seminuevo', '/credito-semi-nuevo']];
    render(
      <MemoryRouter>
        <ProductList />
      </MemoryRouter>,
    );
    const online = screen.getByRole('region', { name: 'Solicítalo en línea' });
    expect(within(online).getAllByRole('link', { name: 'Seminuevo' })).toHaveLength(1);
    expect(within(online).getByRole('link', { name: 'Seminuevo' })).toHaveAttribute('href', '/seminuevo');
    expect(screen.queryByRole('link', { name: /credito-semi-nuevo/ })).toBeNull();
    expect(document.querySelector('a[href="/credito-semi-nuevo"]')).toBeNull();
  });

  it('has no "not yet online" group once every product has its flow', () => {
    flows.routes = [];
    const products = productLinks().map((p) => p.to);
    flows.routes = products.map((to) => [to, 'product.credinstante']);
    render(
      <MemoryRouter>
        <ProductList />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('region', { name: 'Muy pronto en línea' })).toBeNull();
    const online = screen.getByRole('region', { name: 'Solicítalo en línea' });
    expect(within(online).getAllByRole('link')).toHaveLength(products.length);
  });
});
