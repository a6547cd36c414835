import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { registerStaticSite } from './static-site.ts';
import { endClosedSession, readSessionCookie } from './session-cookie.ts';
import {
  exactRouteMatcher,
  pickEncoding,
  RoutePages,
  PRERENDERED_PATH,
  ROUTE_PRELOADS_PATH,
  type Prerendered,
  type RoutePreloads,
} from './route-preloads.ts';
import { CONTENT_SECURITY_POLICY, installSecurityHeaders } from './security-headers.ts';
import { BOOT_SCRIPT_HASH } from './boot-script.ts';
import { testSettings, tempDir } from './test-support.ts';

const INDEX =
  '<!doctype html><html lang="es"><head><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>';

const PRELOADS: RoutePreloads = {
  routes: {
    '/credinstante': {
      js: [
        '/assets/flow-page-f1.js',
        '/assets/credinstante-x1.js',
        '/assets/form-view-v1.js',
        '/assets/lead-credinstante.json-j1.js',
      ],
      css: ['/assets/form-view-c1.css'],
    },
    '/credinstante/observados/:token?': {
      js: ['/assets/flow-page-f1.js', '/assets/observados-x2.js', '/assets/phases-view-v2.js'],
      css: [],
    },
  },
};

/** The route's files a page lists for the boot script to preload after the first paint. */
const preloaded = (html: string) =>
  [...html.matchAll(/<script type="application\/json" data-after-paint>([^<]*)<\/script>/g)].flatMap((m) => {
    const list = JSON.parse(m[1]!) as { modules?: string[]; styles?: string[]; priority?: string };
    expect(list.priority).toBe('low');
    return [...(list.modules ?? []), ...(list.styles ?? [])];
  });
const withoutList = (html: string) =>
  html
    .replace(/\s*<script type="application\/json" data-after-paint>[^<]*<\/script>/g, '')
    .replace(/\s+<\/body>/, '</body>');

let app: FastifyInstance;
const site = tempDir('static-site');

beforeAll(async () => {
  const dist = join(site.dir, 'dist');
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, ROUTE_PRELOADS_PATH), JSON.stringify(PRELOADS));
  app = Fastify();
  installSecurityHeaders(app, testSettings(site.dir));
  await registerStaticSite(app, dist, ['/api']);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  site.cleanup();
});

describe('a product route’s page names the files of its first screen', () => {
  it('/credinstante gets the flow, the runner, the form view, its form and its stylesheet to fetch beside the entry', async () => {
    const r = await app.inject({ url: '/credinstante' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(preloaded(r.body)).toEqual([
      ...PRELOADS.routes['/credinstante']!.js,
      ...PRELOADS.routes['/credinstante']!.css,
    ]);
    // The list is inert JSON at the end of the body: the rest of the page is index.html as built.
    expect(r.body).toContain(
      '<script type="application/json" data-after-paint>{"modules":["/assets/flow-page-f1.js",',
    );
    expect(withoutList(r.body)).toBe(INDEX);
    expect(r.body.indexOf('index-e1.js')).toBeLessThan(r.body.indexOf('flow-page-f1.js'));
  });

  it('the home page gets index.html as it is, with no product file', async () => {
    const r = await app.inject({ url: '/' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe(INDEX);
  });

  it('each route gets its own files; sub-paths, other pages and the not-found page get none', async () => {
    const observados = await app.inject({ url: '/credinstante/observados/abc.def' });
    expect(preloaded(observados.body)).toEqual(PRELOADS.routes['/credinstante/observados/:token?']!.js);
    for (const url of ['/moto/', '/moto', '/promotor']) {
      const r = await app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toBe(INDEX);
    }
    const missing = await app.inject({ url: '/no-existe', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(INDEX);
  });

  it('a sub-path of a route is not a page: 404 with the not-found page', async () => {
    for (const url of [
      '/credinstante/extra/segment',
      '/credinstante/paso/2',
      '/credinstante/observados/abc/def',
    ]) {
      const r = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(r.statusCode, url).toBe(404);
      expect(r.body, url).toBe(INDEX);
    }
  });

  it('a route typed in another letter case is sent to its own address, parameters and query kept', async () => {
    const cases: [string, string][] = [
      ['/CREDINSTANTE', '/credinstante'],
      ['/Credinstante/?utm=x', '/credinstante?utm=x'],
      ['/ld-bancarizador', '/LD-Bancarizador'],
      ['/CREDINSTANTE/OBSERVADOS/AbC.dEf', '/credinstante/observados/AbC.dEf'],
      ['/Estado-Prospectos/prospect/P-12', '/estado-prospectos/prospect/P-12'],
    ];
    for (const [url, location] of cases) {
      const r = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(r.statusCode, url).toBe(301);
      expect(r.headers.location, url).toBe(location);
    }
    const followed = await app.inject({ url: '/credinstante' });
    expect(followed.statusCode).toBe(200);
  });

  it('is sent compressed when the browser accepts it, and revalidates with its ETag', async () => {
    const plain = await app.inject({ url: '/credinstante' });
    const br = await app.inject({
      url: '/credinstante',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url: '/credinstante', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const again = await app.inject({
      url: '/credinstante',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('adds no script that runs and keeps the Content-Security-Policy', async () => {
    const r = await app.inject({ url: '/credinstante' });
    expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(r.body.match(/<script(?! type="application\/json")/g)).toHaveLength(1);
  });

  it('a site built without the map is served as before', () => {
    const other = tempDir('static-site-old');
    writeFileSync(join(other.dir, 'index.html'), INDEX);
    try {
      expect(RoutePages.load(other.dir)).toBeUndefined();
    } finally {
      other.cleanup();
    }
  });
});

describe('route matching and encodings', () => {
  it('matches a route’s own paths only, optional parameter included', () => {
    const re = exactRouteMatcher('/credinstante/observados/:token?');
    expect(
      ['/credinstante/observados', '/credinstante/observados/', '/credinstante/observados/t0k'].every((p) =>
        re.test(p),
      ),
    ).toBe(true);
    expect(
      ['/credinstante', '/credinstante/observados/a/b', '/credinstante/observadosx'].some((p) => re.test(p)),
    ).toBe(false);
  });

  it('a route with a fixed segment wins over one with a parameter in its place', () => {
    const pages = new RoutePages(INDEX, {
      routes: { '/x/:id': { js: ['/a.js'], css: [] }, '/x/nuevo': { js: ['/b.js'], css: [] } },
    });
    expect(pages.routeOf('/x/nuevo')).toBe('/x/nuevo');
    expect(pages.routeOf('/x/42')).toBe('/x/:id');
  });

  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
  });
});

describe('CSP and the captcha', () => {
  const headersOf = async (env: Record<string, string>) => {
    const dir = tempDir('csp');
    const one = Fastify();
    installSecurityHeaders(one, testSettings(dir.dir, env));
    one.get('/', () => 'ok');
    const r = await one.inject({ url: '/' });
    await one.close();
    dir.cleanup();
    return r.headers['content-security-policy'] as string;
  };

  it("with a captcha site key upstream, admits Google's reCAPTCHA script and frame, still without eval", async () => {
    const csp = await headersOf({
      UPSTREAM_URL: 'https://gateway.example.pe',
      UPSTREAM_BASIC_AUTH: 'usuario:clave',
      JWT_SECRET: 'x'.repeat(40),
      CAPTCHA_SITE_KEY: '6Lc-clave',
    });
    expect(csp).toContain(
      `script-src 'self' ${BOOT_SCRIPT_HASH} https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;`,
    );
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(csp).toContain(
      "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;",
    );
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
  });

  it('in sandbox mode the key is ignored: the captcha is off and the CSP admits no other host', async () => {
    const csp = await headersOf({ CAPTCHA_SITE_KEY: '6Lc-clave' });
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(csp).not.toContain('google');
  });
});

describe('a promoter session cookie on a page request', () => {
  const promoterSite = tempDir('static-site-promoter');
  let promoterApp: FastifyInstance;
  const checked: string[] = [];

  beforeAll(async () => {
    const dist = join(promoterSite.dir, 'dist');
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(
      join(dist, ROUTE_PRELOADS_PATH),
      JSON.stringify({
        routes: { '/promotor': { js: [], css: [] }, '/estado-prospectos': { js: [], css: [] } },
      }),
    );
    const prerendered: Prerendered = {
      routes: { '/promotor': 'promotor.html' },
      notFound: 'error.html',
      promoterOnly: ['/estado-prospectos'],
    };
    writeFileSync(join(dist, PRERENDERED_PATH), JSON.stringify(prerendered));
    writeFileSync(join(dist, '.vite', 'promotor.html'), 'DRAWN LOGIN');
    writeFileSync(join(dist, '.vite', 'error.html'), 'DRAWN ERROR');
    const settings = testSettings(promoterSite.dir);
    promoterApp = Fastify();
    await promoterApp.register(fastifyCookie);
    // The service knows one open session, `open`; any other has been closed.
    await registerStaticSite(promoterApp, dist, ['/api'], {
      isOpen: (request) => {
        const token = readSessionCookie(request);
        checked.push(token ?? '');
        return Promise.resolve(token === 'open');
      },
      endClosed: (request, reply) => endClosedSession(request, reply, settings),
    });
    await promoterApp.ready();
  });

  afterAll(async () => {
    await promoterApp.close();
    promoterSite.cleanup();
  });

  const cookiesOf = (r: { headers: Record<string, unknown> }) => {
    const set = r.headers['set-cookie'];
    return (Array.isArray(set) ? set : set === undefined ? [] : [set]).map(String);
  };

  it('of an open session: the promoter gets the page the runtime draws, and the promoter-only page', async () => {
    const login = await promoterApp.inject({ url: '/promotor', headers: { cookie: 'sid=open' } });
    expect(login.body).toBe(INDEX);
    const desk = await promoterApp.inject({ url: '/estado-prospectos', headers: { cookie: 'sid=open' } });
    expect(desk.statusCode).toBe(200);
    expect(desk.body).toBe(INDEX);
    expect(cookiesOf(desk)).toEqual([]);
  });

  it('of a session the service closed: cleared, said to the page, and the visitor is served as one without it', async () => {
    const login = await promoterApp.inject({ url: '/promotor', headers: { cookie: 'sid=gone' } });
    expect(login.body).toBe('DRAWN LOGIN');
    const cookies = cookiesOf(login);
    expect(cookies.find((c) => c.startsWith('sid=;'))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cookies.find((c) => c.startsWith('sid-ended=1'))).toMatch(/Max-Age=60/);
    expect(cookies.find((c) => c.startsWith('sid-ended='))).not.toMatch(/HttpOnly/);
    const desk = await promoterApp.inject({
      url: '/estado-prospectos?documento=1',
      headers: { cookie: 'sid=gone' },
    });
    expect(desk.statusCode).toBe(302);
    expect(desk.headers.location).toBe('/promotor?next=%2Festado-prospectos%3Fdocumento%3D1');
    expect(cookiesOf(desk).some((c) => c.startsWith('sid-ended=1'))).toBe(true);
  });

  it('without one: no session is looked up, nothing is cleared', async () => {
    checked.length = 0;
    const login = await promoterApp.inject({ url: '/promotor', headers: { cookie: 'resume=0' } });
    expect(login.body).toBe(INDEX);
    const home = await promoterApp.inject({ url: '/promotor' });
    expect(home.body).toBe('DRAWN LOGIN');
    expect(cookiesOf(home)).toEqual([]);
    expect(checked).toEqual([]);
  });
});

describe('build bookkeeping in dist/', () => {
  it('is never served: dotfiles and dot-folders answer 404', async () => {
    writeFileSync(join(site.dir, 'dist', '.build-inputs'), 'c77bb16\n');
    for (const url of ['/.build-inputs', `/${ROUTE_PRELOADS_PATH}`]) {
      const r = await app.inject({ url });
      expect(r.statusCode, url).toBe(404);
      expect(r.body).not.toContain('c77bb16');
    }
  });
});
