/** The toolbar: menu button and the logo's home link (unless the page has no menu), the promoter account. */
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../lib/i18n.ts';
import { AccountMenu } from './account-menu.tsx';
import { HOLD_CLICK, useHeldClick } from './held-click.ts';

/** The menu button. A tap before the page's code is live opens the menu once it is (a phone's first seconds). */
function MenuButton({ onMenu }: { onMenu: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useHeldClick(button, onMenu);
  return (
    <button
      ref={button}
      type="button"
      {...HOLD_CLICK}
      className="icon-button top-bar__menu"
      aria-label={t('app.openMenu')}
      aria-controls="side-menu"
      onClick={onMenu}
    >
      <span aria-hidden="true">☰</span>
    </button>
  );
}

export function TopBar({ menu, onMenu }: { menu: boolean; onMenu: () => void }) {
  const logo = <img src="/logo.svg" alt={t('app.name')} width="100" height="32" />;
  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        {menu ? <MenuButton onMenu={onMenu} /> : <span className="top-bar__menu" />}
        <div className="top-bar__logo">{menu ? <Link to="/">{logo}</Link> : logo}</div>
        <AccountMenu />
      </div>
    </header>
  );
}
