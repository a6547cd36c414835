import { describe, expect, it } from 'vitest';
import { readPath, setPath } from './read-path.ts';

describe('readPath', () => {
  const data = { codRes: '00', prospecto: { estadoProspecto: 92, lista: [{ nombre: 'A' }] }, vacio: null };
  it.each([
    ['codRes', '00'],
    ['prospecto.estadoProspecto', 92],
    ['prospecto.lista.0.nombre', 'A'],
    ['vacio', null],
    ['vacio.x', undefined],
    ['prospecto.falta', undefined],
    ['codRes.length', undefined],
  ])('%s → %j', (path, value) => {
    expect(readPath(data, path)).toEqual(value);
  });

  it('reads own data only, never inherited members', () => {
    expect(readPath(data, 'constructor')).toBeUndefined();
    expect(readPath(data, 'prospecto.__proto__')).toBeUndefined();
    expect(readPath(data, 'prospecto.lista.length')).toBe(1);
  });

  it('returns the whole value for an empty path', () => {
    expect(readPath(data, '')).toBe(data);
  });
});

describe('setPath', () => {
  it('sets top-level and nested values without changing the input', () => {
    const before = { a: 1, b: { c: 2, d: 3 } };
    const after = setPath(setPath(before, 'b.c', 9), 'x.y', 'z');
    expect(after).toEqual({ a: 1, b: { c: 9, d: 3 }, x: { y: 'z' } });
    expect(before).toEqual({ a: 1, b: { c: 2, d: 3 } });
  });

  it('replaces a non-object parent with an object', () => {
    expect(setPath({ a: 5 }, 'a.b', 1)).toEqual({ a: { b: 1 } });
  });
});
