/**
 * What an applicant types into a prerendered form before its code owns it reaches the form's
 * state: typed before the takeover began, or while React was still rendering it.
 */
import { act, startTransition, useLayoutEffect, useState, type FormEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { RUNTIME_OWNS_FORMS, TYPED_BEFORE_CODE_KEY } from '../../engine/kept-typing.ts';
import { setFirstScreenMode } from '../lib/first-screen.ts';
import { useTypedBeforeHydration } from './typed-before-hydration.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let typeDuringTakeover: (() => void) | null = null;

/** Stands for the applicant typing while React renders the takeover, after the form read its fields. */
function Interruption() {
  typeDuringTakeover?.();
  typeDuringTakeover = null;
  return null;
}

const sent: string[] = [];

function Login() {
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  useTypedBeforeHydration(() => document.getElementById('user')?.closest('form') ?? null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sent.push(`${user}/${password}`);
  };
  return (
    <>
      <form onSubmit={submit}>
        <input id="user" value={user} onChange={(e) => setUser(e.target.value)} />
        <input id="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit">Ingresar</button>
      </form>
      <Interruption />
    </>
  );
}

/**
 * Presses the form's button in the first moment the page could take a press once the takeover
 * is committed: after the commit's synchronous work, before any later task.
 */
function PressOnceDrawn() {
  useLayoutEffect(() => {
    queueMicrotask(() => document.querySelector<HTMLButtonElement>('button[type="submit"]')?.click());
  }, []);
  return null;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(RUNTIME_OWNS_FORMS);
  sessionStorage.clear();
  sent.length = 0;
});

/** Draws the build's HTML of `Login`, lets `before` act on it, then hands it to React. */
function takeOver(before: (form: HTMLFormElement) => void): HTMLFormElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Login />);
  document.body.append(container);
  const form = container.querySelector('form')!;
  before(form);
  setFirstScreenMode('hydrate');
  act(() => {
    root = hydrateRoot(container, <Login />);
  });
  return form;
}

function type(id: string, value: string): void {
  (document.getElementById(id) as HTMLInputElement).value = value;
}

describe('useTypedBeforeHydration', () => {
  it('keeps what was typed before the takeover and sends a held submission with it', async () => {
    const form = takeOver((f) => {
      type('user', 'promotor');
      type('password', 'clave');
      f.setAttribute('data-held-submit', '');
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(form.hasAttribute('data-held-submit')).toBe(false);
    expect(sent).toEqual(['promotor/clave']);
  });

  it('keeps what was typed while React was rendering the takeover', async () => {
    const form = takeOver(() => {
      type('user', 'promotor');
      typeDuringTakeover = () => type('password', 'clave');
    });
    await act(async () => {
      form.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(sent).toEqual(['promotor/clave']);
    expect((document.getElementById('password') as HTMLInputElement).value).toBe('clave');
  });

  it('has the typing in the form state as soon as the takeover is on screen, before its effects run', async () => {
    // The real start: no act() to flush effects, a transition, so the takeover's passive
    // effects come in a task of their own after the commit, where a press may land first.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const page = (
      <>
        <Login />
        <PressOnceDrawn />
      </>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    type('user', 'promotor');
    type('password', 'clave');
    setFirstScreenMode('hydrate');
    try {
      startTransition(() => {
        root = hydrateRoot(container, page);
      });
      await expect.poll(() => sent.length).toBe(1);
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(sent).toEqual(['promotor/clave']);
  });

  it('once it owns the form, stops the boot script keeping typing for a reload and drops what it kept', async () => {
    sessionStorage.setItem(
      TYPED_BEFORE_CODE_KEY,
      JSON.stringify({ at: '/', savedAt: Date.now(), fields: [] }),
    );
    takeOver((f) => {
      expect(f.ownerDocument.documentElement.hasAttribute(RUNTIME_OWNS_FORMS)).toBe(false);
      type('user', 'promotor');
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(document.documentElement.hasAttribute(RUNTIME_OWNS_FORMS)).toBe(true);
    expect(sessionStorage.getItem(TYPED_BEFORE_CODE_KEY)).toBeNull();
    expect((document.getElementById('user') as HTMLInputElement).value).toBe('promotor');
  });
});
