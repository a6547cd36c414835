import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import type { Logic } from './flow-types.ts';
import { FlowError } from './flow-error.ts';
import { ALLOWED_OPERATORS, compileLogic, evaluate } from './logic.ts';

const data = {
  response: {
    codRes: '00',
    codigoRespuesta: 0,
    prospecto: { estadoProspecto: 92, nombre: 'MARIA LUISA' },
    plazos: '12,24,36',
  },
  context: { monto: 1500, tipoDocumento: 1, vacio: '', nada: null, lista: [1, 2, 3, 4] },
  form: { dni: '01234567', celular: '987654321' },
};

/** Standard operators: the engine answers exactly what json-logic-js answers. */
const standard: [string, Logic, unknown][] = [
  ['var', { var: 'response.codRes' }, '00'],
  ['var default', { var: ['context.falta', 'x'] }, 'x'],
  ['var missing', { var: 'context.falta.mas' }, null],
  ['var null value', { var: 'context.nada' }, null],
  ['var index', { var: 'context.lista.1' }, 2],
  ['missing', { missing: ['form.dni', 'form.correo', 'context.vacio'] }, ['form.correo', 'context.vacio']],
  ['missing_some ok', { missing_some: [1, ['form.dni', 'form.correo']] }, []],
  ['missing_some short', { missing_some: [2, ['form.dni', 'form.correo']] }, ['form.correo']],
  ['if', { if: [{ '>': [{ var: 'context.monto' }, 1000] }, 'alto', 'bajo'] }, 'alto'],
  ['if chain', { if: [false, 1, { '==': [1, 1] }, 2, 3] }, 2],
  ['if else', { if: [false, 1, 3] }, 3],
  ['?:', { '?:': [[], 'a', 'b'] }, 'b'],
  ['== loose', { '==': [{ var: 'response.codigoRespuesta' }, '0'] }, true],
  ['=== strict', { '===': [{ var: 'response.codigoRespuesta' }, '0'] }, false],
  ['!=', { '!=': [1, '1'] }, false],
  ['!==', { '!==': [1, '1'] }, true],
  ['! empty array', { '!': [[]] }, true],
  ['!!', { '!!': ['0'] }, true],
  ['or value', { or: [0, '', 'x'] }, 'x'],
  ['and value', { and: [1, 0, 2] }, 0],
  ['> < between', { '<': [1, { var: 'context.monto' }, 2000] }, true],
  ['<= between', { '<=': [1500, { var: 'context.monto' }, 1500] }, true],
  ['>=', { '>=': [2, 3] }, false],
  ['max', { max: [1, 5, 3] }, 5],
  ['min', { min: [1, 5, 3] }, 1],
  ['+ strings', { '+': ['1', 2, '3.5'] }, 6.5],
  ['- unary', { '-': [4] }, -4],
  ['-', { '-': [10, 4] }, 6],
  ['*', { '*': [2, '3'] }, 6],
  ['/', { '/': [{ var: 'context.monto' }, 3] }, 500],
  ['%', { '%': [7, 3] }, 1],
  ['in array', { in: [3, { var: 'context.lista' }] }, true],
  ['in string', { in: ['LUISA', { var: 'response.prospecto.nombre' }] }, true],
  ['cat', { cat: ['S/ ', { var: 'context.monto' }] }, 'S/ 1500'],
  ['substr', { substr: ['987654321', -4] }, '4321'],
  ['substr len', { substr: ['987654321', 1, 3] }, '876'],
  ['substr negative len', { substr: ['987654321', 0, -3] }, '987654'],
  ['merge', { merge: [1, [2, 3], [[4]]] }, [1, 2, 3, [4]]],
  ['some', { some: [{ var: 'context.lista' }, { '>': [{ var: '' }, 3] }] }, true],
  ['all', { all: [{ var: 'context.lista' }, { '>': [{ var: '' }, 0] }] }, true],
  ['all empty', { all: [[], true] }, false],
  ['none', { none: [{ var: 'context.lista' }, { '>': [{ var: '' }, 9] }] }, true],
  ['map', { map: [{ var: 'context.lista' }, { '*': [{ var: '' }, 2] }] }, [2, 4, 6, 8]],
  ['filter', { filter: [{ var: 'context.lista' }, { '%': [{ var: '' }, 2] }] }, [1, 3]],
  ['array literal', [1, { var: 'context.monto' }], [1, 1500]],
  ['scalar', 'texto', 'texto'],
];

describe('evaluate: the standard subset', () => {
  it.each(standard)('%s', (_name, logic, expected) => {
    expect(evaluate(logic, data)).toEqual(expected);
    expect(jsonLogic.apply(logic as jsonLogic.RulesLogic, data)).toEqual(expected);
  });

  it('writes null as empty text in cat (json-logic-js would write "null")', () => {
    expect(evaluate({ cat: ['a', { var: 'context.nada' }, 'b'] }, data)).toBe('ab');
  });

  it('does not evaluate the branch it does not take', () => {
    // The untaken branch holds an operator that would throw if it ran.
    expect(evaluate({ if: [true, 'ok', { '/': [1, { var: 'x.y' }] }] }, data)).toBe('ok');
    expect(evaluate({ and: [false, { substr: [] }] }, data)).toBe(false);
  });
});

describe('evaluate: named operations', () => {
  it.each<[string, Logic, unknown]>([
    ['firstWord', { firstWord: { var: 'response.prospecto.nombre' } }, 'MARIA'],
    ['splitList', { splitList: { var: 'response.plazos' } }, [12, 24, 36]],
    ['percent100', { percent100: 0.07 }, 7],
    ['isDni', { isDni: { var: 'form.dni' } }, true],
    ['isMobile', { isMobile: { var: 'form.celular' } }, true],
    ['codeIn "0" vs 0', { codeIn: [{ var: 'response.codigoRespuesta' }, ['0', '4']] }, true],
    ['codeIn "00" vs 0', { codeIn: [{ var: 'response.codigoRespuesta' }, ['00']] }, false],
    ['num in arithmetic', { '+': [{ num: '10' }, 1] }, 11],
  ])('%s', (_name, logic, expected) => {
    expect(evaluate(logic, data)).toEqual(expected);
  });

  it('lists every standard and named operator as allowed', () => {
    expect(ALLOWED_OPERATORS).toContain('missing_some');
    expect(ALLOWED_OPERATORS).toContain('codeIn');
    expect(ALLOWED_OPERATORS).not.toContain('reduce');
    expect(ALLOWED_OPERATORS).not.toContain('method');
  });
});

describe('unknown operators', () => {
  it.each<[Logic, string, string]>([
    [{ reduce: [[1], { '+': [1] }, 0] }, '/reduce', 'reduce'],
    [{ and: [true, { metod: ['x', 'toUpperCase'] }] }, '/and/1/metod', 'metod'],
    [{ if: [{ '==': [1, 1] }, { firstword: 'ANA' }, null] }, '/if/1/firstword', 'firstword'],
  ])('refuses %j at its path', (logic, path, op) => {
    const error = (() => {
      try {
        compileLogic(logic, '', 'prueba');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(FlowError);
    expect((error as FlowError).code).toBe('unknown-operator');
    expect((error as FlowError).path).toBe(path);
    expect((error as FlowError).message).toContain(`"${op}"`);
  });

  it('suggests the operator meant', () => {
    expect(() => evaluate({ firstword: 'ANA' }, {})).toThrow('Did you mean "firstWord"?');
  });

  it('prefixes the path it is given', () => {
    expect(() => compileLogic({ log: 1 }, '/steps/a/calls/submit/assign/x')).toThrow(
      /at \/steps\/a\/calls\/submit\/assign\/x\/log/,
    );
  });
});
