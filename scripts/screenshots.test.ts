import { describe, expect, it } from 'vitest';
import { VIEW_IDS } from '../src/engine/views.ts';
import { shots } from './screenshots.ts';

describe('the screenshot list', () => {
  it('plays every product flow with its fragments and takes the home page, each used view, the end pages, each modal kind and the site pages', () => {
    const list = shots();
    const names = list.map((s) => s.name);
    expect(names).toContain('home');
    expect(names).toContain('modal-error');
    // The signature fragment's views (documents, token, letter) come from flows that include it.
    for (const view of [
      'form',
      'phases',
      'simulator',
      'questions',
      'token',
      'documents',
      'letter',
      'message',
    ])
      expect(names).toContain(`view-${view}`);
    // The end pages, a modal of every kind a flow declares, the error page and the promoter's pages.
    for (const name of [
      'end-credinstante-felicitaciones',
      'end-celulares-felicitaciones',
      'page-404',
      'page-promotor',
      'page-estado-prospectos',
    ])
      expect(names).toContain(name);
    for (const kind of ['alert', 'confirm', 'error', 'image'])
      expect(
        names.some((n) => n.startsWith(`modal-${kind}-`)),
        kind,
      ).toBe(true);
    for (const s of list.filter((x) => x.name.startsWith('view-'))) {
      expect(VIEW_IDS).toContain(s.name.slice('view-'.length));
      expect(s.state?.step).toBe(s.stepId);
    }
  });
});
