/**
 * Out-in page transitions: the leaving page fades out, then the new one fades in (CSS in
 * shell.css). With `prefers-reduced-motion` the swap is immediate.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { useStillFirst } from '../lib/first-screen.ts';

const OUT_MS = 120;

function reducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export function OutIn() {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  // The page last shown; while the path differs from it, that page is leaving.
  const [shown, setShown] = useState<{ key: string; el: ReactNode }>({ key: pathname, el: outlet });
  const leaving = pathname !== shown.key;

  useEffect(() => {
    if (!leaving) return undefined;
    const timer = setTimeout(() => setShown({ key: pathname, el: outlet }), reducedMotion() ? 0 : OUT_MS);
    return () => clearTimeout(timer);
  }, [leaving, pathname, outlet]);

  const still = useStillFirst(shown.key);
  return (
    <div
      key={shown.key}
      className={leaving ? 'page page--out' : still ? 'page page--in page--still' : 'page page--in'}
    >
      {leaving ? shown.el : outlet}
    </div>
  );
}
