/** The layout around every page: a flow with `"menu": false` (/vendemas) has no drawer and no home link. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Layout } from './layout.tsx';

const page = (menu?: boolean) =>
  render(
    <MemoryRouter initialEntries={['/vendemas']}>
      <Layout id="main" menu={menu}>
        <p>Contenido</p>
      </Layout>
    </MemoryRouter>,
  );

describe('layout', () => {
  afterEach(cleanup);

  it('offers the menu button and the logo as a link home by default', () => {
    page();
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crédito en línea' })).toHaveAttribute('href', '/');
  });

  it('with menu false shows the logo without a link, no menu button and no drawer', () => {
    page(false);
    expect(screen.getByText('Contenido')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Crédito en línea' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abrir menú' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.getElementById('side-menu')).toBeNull();
  });
});
