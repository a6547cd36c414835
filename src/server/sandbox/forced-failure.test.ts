import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../engine/endpoints.ts';
import { readPath } from '../../engine/read-path.ts';
import { SCHEMAS_DIR } from '../app.ts';
import { compileValidators } from '../request-validator.ts';
import { startTestApp } from '../test-support.ts';
import { canFail, FAILURE_HEADER, forcedFailure } from './forced-failure.ts';

const all = Object.values(ENDPOINTS);

describe('the forced generic failure (X-Sandbox-Falla: 99)', () => {
  it('answers "99" in the code field of every call that lists it, within its response schema', () => {
    const { answers } = compileValidators(all, SCHEMAS_DIR);
    const failing = all.filter(canFail);
    expect(failing.length).toBeGreaterThan(40);
    for (const entry of failing) {
      const reply = forcedFailure(entry, '99')!;
      expect(readPath(reply.body, entry.codeField!)).toBe('99');
      expect({ id: entry.id, problems: answers.get(entry.id)?.(reply.body) ?? [] }).toEqual({
        id: entry.id,
        problems: [],
      });
    }
  });

  it('leaves alone calls that never answer "99", and any other value', () => {
    expect(forcedFailure(ENDPOINTS['moto.preEvaluate'], '99')).toBeUndefined();
    expect(forcedFailure(ENDPOINTS['lde.update2'], '00')).toBeUndefined();
    expect(forcedFailure(ENDPOINTS['lde.update2'], undefined)).toBeUndefined();
  });

  describe('over HTTP', () => {
    let srv: Awaited<ReturnType<typeof startTestApp>>;
    beforeAll(async () => {
      srv = await startTestApp();
    });
    afterAll(() => srv.stop());

    it('answers the failure after validating the request, without running the handler', async () => {
      const forced = await srv.app.inject({
        method: 'GET',
        url: '/kong/prospecto/v2.0/producto/lde/question-in-evaluation',
        headers: { [FAILURE_HEADER]: '99' },
      });
      expect(forced.statusCode).toBe(200);
      expect(forced.json()).toMatchObject({ codRes: '99' });
      const usual = await srv.app.inject({
        method: 'GET',
        url: '/kong/prospecto/v2.0/producto/lde/question-in-evaluation',
      });
      expect(usual.json()).toMatchObject({ codRes: '00' });
      const invalid = await srv.app.inject({
        method: 'PUT',
        url: '/v4/prospecto/v2.0/producto/lde?tipo=2',
        payload: { nada: true },
        headers: { [FAILURE_HEADER]: '99', 'content-type': 'application/json' },
      });
      expect(invalid.statusCode).toBe(400);
    });
  });
});
