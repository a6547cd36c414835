/**
 * A layout of the spec: toolbar, side drawer and a main area at most 1024 px wide, with the
 * global loading indicator and error dialog where the layout has them.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { LayoutId } from '../../engine/flow-types.ts';
import { ErrorDialogHost } from './error-dialog-host.tsx';
import { hidesMenu, LAYOUTS } from './layouts.ts';
import { LoadingIndicator } from './loading-indicator.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

export function Layout({ id, theme, children }: { id: LayoutId; theme?: string; children: ReactNode }) {
  const spec = LAYOUTS[id];
  const { pathname } = useLocation();
  const menu = !hidesMenu(pathname);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className={`layout layout--${id}${theme === 'blue' ? ' theme-blue' : ''}`}>
      <TopBar menu={menu} onMenu={() => setOpen(true)} />
      {menu && <SideMenu open={open} onClose={close} />}
      <main className="layout__main">{children}</main>
      {spec.loading && <LoadingIndicator />}
      {spec.errorDialog && <ErrorDialogHost />}
    </div>
  );
}
