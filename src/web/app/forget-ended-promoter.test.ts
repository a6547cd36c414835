import { afterEach, describe, expect, it } from 'vitest';
import { sessionKey } from '../runtime/flow-session.ts';
import { usePromoter, type Promoter } from '../stores/promoter-store.ts';
import { forgetEndedPromoter } from './built-screen-fits.ts';

const PROMOTER: Promoter = {
  usuario: 'promotor',
  nombreUsuario: 'promotor',
  codigoEntidad: 1,
  productos: [{ ti_solpro: 30 }],
  canal: 5,
};

/** The page's root as the server sent it: `mark` is `data-prerendered`'s value, null for index.html. */
function root(mark: string | null): Element {
  const div = document.createElement('div');
  if (mark !== null) div.setAttribute('data-prerendered', mark);
  return div;
}

afterEach(() => {
  usePromoter.getState().clear();
  sessionStorage.clear();
});

describe('forgetEndedPromoter', () => {
  it('forgets a stored promoter, and the applications the tab kept, when the server sent a page drawn for its address', () => {
    usePromoter.getState().login(PROMOTER);
    sessionStorage.setItem(sessionKey('credinstante'), '{}');
    sessionStorage.setItem('otra-cosa', 'x');
    expect(forgetEndedPromoter(root(''), sessionStorage)).toBe('ended');
    expect(usePromoter.getState().promoter).toBeNull();
    expect(sessionStorage.getItem(sessionKey('credinstante'))).toBeNull();
    expect(sessionStorage.getItem('otra-cosa')).toBe('x');
  });

  it('keeps the promoter on index.html (sent with a session cookie) and on the error page (sent to anyone)', () => {
    usePromoter.getState().login(PROMOTER);
    sessionStorage.setItem(sessionKey('credinstante'), '{}');
    expect(forgetEndedPromoter(root(null), sessionStorage)).toBeNull();
    expect(forgetEndedPromoter(root('error'), sessionStorage)).toBeNull();
    expect(usePromoter.getState().promoter).toEqual(PROMOTER);
    expect(sessionStorage.getItem(sessionKey('credinstante'))).toBe('{}');
  });

  it('leaves an applicant’s saved application alone when no promoter was stored', () => {
    sessionStorage.setItem(sessionKey('credinstante'), '{}');
    expect(forgetEndedPromoter(root(''), sessionStorage)).toBeNull();
    expect(sessionStorage.getItem(sessionKey('credinstante'))).toBe('{}');
  });

  it('when the server says it had closed the session: forgets the promoter on any page, says it expired, and drops the notice', () => {
    for (const mark of [null, '', 'error']) {
      usePromoter.getState().login(PROMOTER);
      sessionStorage.setItem(sessionKey('credinstante'), '{}');
      document.cookie = 'sid-ended=1; Path=/';
      expect(forgetEndedPromoter(root(mark), sessionStorage), String(mark)).toBe('expired');
      expect(usePromoter.getState().promoter).toBeNull();
      expect(sessionStorage.getItem(sessionKey('credinstante'))).toBeNull();
      expect(document.cookie).not.toContain('sid-ended');
    }
  });

  it('says nothing of a closed session when no promoter was stored, and still drops the notice', () => {
    document.cookie = 'sid-ended=1; Path=/';
    expect(forgetEndedPromoter(root(null), sessionStorage)).toBeNull();
    expect(document.cookie).not.toContain('sid-ended');
  });
});
