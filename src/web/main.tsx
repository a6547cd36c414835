/**
 * The entry point. A browser runs a module and everything it imports in one task: for the whole
 * site that was 75–90 ms on a 4× slower CPU, right after the first paint. So the entry imports
 * no code itself. It runs React's DOM renderer (50–70 ms of it), gives the browser a turn, then
 * runs the site (`start.tsx`, 15–20 ms). The boot script has asked for both with the entry
 * (`scripts/vite-boot-script-plugin.ts` lists the entry's dynamic imports), so the turn costs
 * no round trip.
 */
// The shell's styles stay the entry's: the build puts them in index.html (`inline-entry-css`).
import './shell/shell.css';

const aTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void import('react-dom/client').then(aTurn).then(() => import('./start.tsx'));
