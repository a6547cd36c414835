/**
 * One browser in a server test: calls the in-process app with `inject` and keeps the cookies it
 * is given (the browser session that holds its applications, a promoter's session), sending
 * them back on every later call, as a browser does.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface TestBrowser {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The cookies held now, by name. */
  readonly cookies: Map<string, string>;
}

/** A browser with an empty cookie jar. */
export function testBrowser(app: FastifyInstance): TestBrowser {
  const cookies = new Map<string, string>();
  return {
    cookies,
    inject: async (options) => {
      const jar = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const given = options.headers?.cookie;
      const cookie = [jar, typeof given === 'string' ? given : ''].filter((c) => c !== '').join('; ');
      const res = await app.inject({
        ...options,
        headers: { ...options.headers, ...(cookie !== '' ? { cookie } : {}) },
      });
      for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
        const gone =
          c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
        if (gone) cookies.delete(c.name);
        else cookies.set(c.name, c.value);
      }
      return res;
    },
  };
}
