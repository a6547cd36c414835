/**
 * Path parameters as long as a signed link (a JWT of about 250 characters, e.g. a contract
 * document's report path) reach their handler; longer than the limit is refused as bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARAM_LENGTH } from './api-routes.ts';
import { startTestApp } from './test-support.ts';

describe('path parameters', () => {
  let srv: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    srv = await startTestApp();
  });
  afterAll(() => srv.stop());

  it('lets a signed-link-sized parameter reach the handler, which judges the link', async () => {
    const r = await srv.app.inject({ url: `/kong/reporte/contrato/2/${'a'.repeat(300)}` });
    // The handler's own answer to a link it cannot read, not the router's "not found".
    expect(r.json()).toMatchObject({ codRes: '99' });
  });

  it('refuses a parameter over the limit as bad input', async () => {
    const r = await srv.app.inject({ url: `/kong/reporte/contrato/2/${'a'.repeat(MAX_PARAM_LENGTH + 1)}` });
    expect(r.statusCode).not.toBe(200);
    expect(r.json()).not.toHaveProperty('codRes');
  });
});
