/**
 * The side drawer 'Productos digitales' with its four links. A plain `<nav>` (no UI library)
 * because it is on every page and counts against the entry budget.
 */
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { t } from '../lib/i18n.ts';

export const MENU_LINKS = [
  { to: '/credinstante', label: 'menu.credinstante' },
  { to: '/autoclass', label: 'menu.autoclass' },
  { to: '/', label: 'menu.home' },
  { to: '/promotor', label: 'menu.promotor' },
] as const;

export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <div className={open ? 'side-menu side-menu--open' : 'side-menu'} aria-hidden={!open}>
      <div className="side-menu__mask" onClick={onClose} />
      <nav
        ref={panel}
        id="side-menu"
        className="side-menu__panel"
        aria-label={t('app.productsTitle')}
        inert={!open}
      >
        <div className="side-menu__head">
          <h2>{t('app.productsTitle')}</h2>
          <button type="button" className="icon-button" aria-label={t('app.closeMenu')} onClick={onClose}>
            ×
          </button>
        </div>
        <ul>
          {MENU_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end onClick={onClose}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
