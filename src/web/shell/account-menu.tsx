/**
 * The promoter's account controls, only while a promoter is logged in: on desktop a menu
 * button 'Promotor' showing the promoter id and a sign-out button; on mobile the id and
 * 'Cerrar sesión' directly in the bar (CSS picks one by width).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t, withAllTexts } from '../lib/i18n.ts';
import { usePromoter } from '../stores/promoter-store.ts';

export function AccountMenu() {
  const promoter = usePromoter((s) => s.promoter);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  if (!promoter) return null;

  const signOut = () => {
    setOpen(false);
    void withAllTexts(() => import('../stores/promoter-session.ts'))()
      .then((m) => m.logoutPromoter())
      .then(() => navigate('/promotor'));
  };

  return (
    <div className="account">
      <div className="account__mobile">
        <span className="account__id">{promoter.usuario}</span>
        <button type="button" className="link-button" onClick={signOut}>
          {t('app.logout')}
        </button>
      </div>
      <div className="account__desktop">
        <button
          type="button"
          className="link-button"
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {t('app.promoter')} ▾
        </button>
        {open && (
          <div className="account__popup" role="menu">
            <p className="account__id">{promoter.nombreUsuarioPersona ?? promoter.nombreUsuario}</p>
            <p className="account__id">{promoter.usuario}</p>
            <button type="button" role="menuitem" className="link-button" onClick={signOut}>
              {t('app.logout')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
