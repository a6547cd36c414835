/**
 * A layout of the spec: toolbar, side drawer and a main area at most 1024 px wide, with the
 * global loading indicator and error dialog where the layout has them. `menu` false (a flow's
 * `"menu": false`, spec §2 for /vendemas) leaves out the drawer and the logo's home link.
 */
import { useCallback, useState, type ReactNode } from 'react';
import type { LayoutId } from '../../engine/flow-types.ts';
import { ErrorDialogHost } from './error-dialog-host.tsx';
import { LAYOUTS } from './layouts.ts';
import { LoadingIndicator } from './loading-indicator.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

export function Layout({
  id,
  theme,
  menu = true,
  children,
}: {
  id: LayoutId;
  theme?: string;
  menu?: boolean;
  children: ReactNode;
}) {
  const spec = LAYOUTS[id];
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
