import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { PRERENDERED_PATH, ROUTE_PRELOADS_PATH, type RoutePreloads } from '../src/server/route-preloads.ts';
import { CONTENT_SECURITY_POLICY, installSecurityHeaders } from '../src/server/security-headers.ts';
import { registerStaticSite } from '../src/server/static-site.ts';
import { tempDir, testSettings } from '../src/server/test-support.ts';
import { createHash } from 'node:crypto';
import { precompress } from './precompress.ts';
import { bootHtml } from './vite-boot-script-plugin.ts';
import { missingFiles, prerenderSite, withInlineStyles, withRootMarkup } from './prerender.ts';

const PRELOADS: RoutePreloads = {
  routes: { '/credinstante': { js: ['/assets/flow-page-f1.js'], css: ['/assets/form-view-c1.css'] } },
};

let app: FastifyInstance;
let dist: string;
const site = tempDir('prerender');

// The real site drawn through Vite for one route and the error page, then served by the real server.
beforeAll(async () => {
  dist = join(site.dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.vite'), { recursive: true });
  // index.html as the build leaves it: Vite's entry tag, then the boot script's list in its place.
  const source = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  writeFileSync(
    join(dist, 'index.html'),
    bootHtml(source.replace('<script type="module" src=', '<script type="module" crossorigin src=')),
  );
  writeFileSync(join(dist, ROUTE_PRELOADS_PATH), JSON.stringify(PRELOADS));
  writeFileSync(join(dist, 'assets', 'form-view-c1.css'), '.lf-form{color:red}');
  writeFileSync(join(dist, 'assets', 'flow-page-f1.js'), 'export {};');
  await prerenderSite(dist, [
    '/credinstante',
    '/',
    '/promotor',
    '/credinstante/observados/:token?',
    '/consumo',
  ]);
  precompress(dist);
  app = Fastify();
  installSecurityHeaders(app, testSettings(site.dir));
  await registerStaticSite(app, dist, ['/api']);
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  site.cleanup();
});

describe('prerendered first screens', () => {
  it('the build writes the route’s first step: heading, progress, every label and the default values', () => {
    const map = JSON.parse(readFileSync(join(dist, PRERENDERED_PATH), 'utf8')) as {
      routes: Record<string, string>;
    };
    expect(Object.keys(map.routes)).toEqual([
      '/',
      '/consumo',
      '/credinstante',
      '/credinstante/observados/:token?',
      '/promotor',
    ]);
    const html = readFileSync(join(dist, '.vite', map.routes['/credinstante']!), 'utf8');
    expect(html).toContain('<div id="root" data-prerendered>');
    expect(html).toContain('Solicita tu Credinstante');
    expect(html).toContain('Paso 1 de 7');
    for (const label of ['Número de documento', 'Fecha de nacimiento', 'Celular', 'Correo electrónico'])
      expect(html).toMatch(new RegExp(`<label class="lf-label" for="root_\\w+">.*?${label}</label>`));
    expect(html).toContain('Acepto los términos y condiciones');
    // A default value of the form (`recorridoxDia`: more than 200 km) is selected in the HTML.
    expect(html).toMatch(/<option value="2" selected="">Más de 200 km<\/option>/);
    // The first screen's stylesheet is inline, its code listed for the boot script to fetch after the first paint.
    expect(html).toContain('<style>.lf-form{color:red}</style>');
    expect(html).toContain(
      '<script type="application/json" data-after-paint>{"modules":["/assets/flow-page-f1.js"],"priority":"low"}</script>',
    );
    expect(html).toContain('"entry":"/src/web/main.tsx"');
    expect(html).not.toContain('<script type="module"');
  });

  it('serves the page for its route, compressed, with the security headers and no inline script but the boot script', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/credinstante',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('Número de documento');
    // The CSP admits the site's own files and one inline script by its hash: the boot script.
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    expect(html.match(/<script(?! type="application\/json")(?!>)[^>]*>/g)).toBeNull();
  });

  it('serves index.html, never the build’s empty form, to an address whose query may open elsewhere (a campaign’s channel, a quote link)', async () => {
    for (const url of [
      '/credinstante?utm_source=correo&channel=3',
      '/credinstante?cotizacion=x.y',
      '/credinstante?next=%2F',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-prerendered');
      expect(res.body).not.toContain('Número de documento');
      expect(res.body).toContain('<div id="root">');
      // The route's code is still listed for the browser to fetch after the first paint.
      expect(res.body).toContain('"modules":["/assets/flow-page-f1.js"]');
    }
  });

  it('serves the build’s page to a campaign’s address: tracking parameters change no first screen', async () => {
    for (const url of [
      '/credinstante?utm_source=correo&utm_campaign=gnv&gclid=x1',
      '/promotor?next=%2Fcontigo',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-prerendered');
    }
    // `next` is the login's own: on a product it may mean anything.
    const other = await app.inject({
      method: 'GET',
      url: '/credinstante?next=%2F',
      headers: { accept: 'text/html' },
    });
    expect(other.body).not.toContain('data-prerendered');
  });

  it('draws a link’s page twice: without the link, the message to open it; with any token, its loading step; neither over a kept application', async () => {
    const map = JSON.parse(readFileSync(join(dist, PRERENDERED_PATH), 'utf8')) as {
      routes: Record<string, string>;
      links: Record<string, Record<string, string>>;
      screens: Record<string, { firstView?: string; linkViews?: Record<string, string> }>;
    };
    // Drawn at its address without the optional token, and once more as the link opens it.
    expect(map.routes['/credinstante/observados/:token?']).toBe('pages/credinstante~observados.html');
    expect(map.links['/credinstante/observados/:token?']).toEqual({
      token: 'pages/credinstante~observados~token.html',
    });
    expect(map.screens['/credinstante/observados/:token?']).toEqual({
      firstView: 'message',
      linkViews: { token: 'loading' },
    });
    // Every product a link's parameter starts at a loading step has its link page listed.
    expect(map.screens['/credinstante']).toEqual({ firstView: 'form', linkViews: { process: 'loading' } });
    expect(map.links['/credinstante']).toEqual({ process: 'pages/credinstante~process.html' });
    const page = async (url: string, cookie?: string) =>
      (
        await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
        })
      ).body;
    const LOADING =
      /<section class="step-view step-loading" role="status" aria-live="polite">.*Cargando…<\/p><\/section>/;
    for (const url of ['/credinstante/observados', '/credinstante/observados?utm_source=sms']) {
      const html = await page(url);
      expect(html, url).toContain('<div id="root" data-prerendered>');
      expect(html, url).toContain(
        'El enlace no es válido. Asegúrate de abrirlo completo, tal como llegó en el SMS.',
      );
      expect(html, url).toContain('Ir al inicio');
      expect(html, url).not.toMatch(LOADING);
    }
    for (const url of [
      '/credinstante/observados?token=a.b.c',
      '/credinstante/observados/a.b.c',
      '/credinstante/observados/a.b.c?utm_source=sms',
    ]) {
      const html = await page(url);
      expect(html, url).toContain('<div id="root" data-prerendered>');
      expect(html, url).toMatch(LOADING);
      expect(html, url).not.toContain('El enlace no es válido');
    }
    // A resume link of a form's product gets its loading step too, not the empty form.
    const resume = await page('/credinstante?process=abc');
    expect(resume).toContain('<div id="root" data-prerendered>');
    expect(resume).toMatch(LOADING);
    expect(resume).not.toContain('Número de documento');
    // A quote link opens at a step of the quote fragment the product includes: drawn as well.
    expect(map.screens['/consumo']).toEqual({ firstView: 'form', linkViews: { cotizacion: 'loading' } });
    const quote = await page('/consumo?cotizacion=a.b.c&utm_source=sms');
    expect(quote).toContain('<div id="root" data-prerendered>');
    expect(quote).toContain('Abriendo tu cotización…');
    expect(quote).not.toContain('Número de documento');
    for (const url of ['/credinstante/observados?token=a.b.c', '/credinstante/observados'])
      expect(await page(url, 'resume=1'), url).not.toContain('data-prerendered');
    // A parameter that is neither a link nor tracking: the runtime draws the page.
    expect(await page('/credinstante/observados?otro=1')).not.toContain('data-prerendered');
  });

  it('sends a visitor without a promoter session from a promoter-only page to the login, with the way back', async () => {
    for (const [url, next] of [
      ['/contigo', '%2Fcontigo'],
      ['/estado-prospectos?estado=3', '%2Festado-prospectos%3Festado%3D3'],
      ['/estado-prospectos/prospect/7', '%2Festado-prospectos%2Fprospect%2F7'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([url, res.statusCode, res.headers.location]).toEqual([url, 302, `/promotor?next=${next}`]);
    }
    // With a session the page is the runtime's, which checks the session with the service.
    for (const cookie of ['sid=abc', '__Host-sid=abc']) {
      const res = await app.inject({ method: 'GET', url: '/contigo', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const empty = await app.inject({ method: 'GET', url: '/contigo', headers: { cookie: 'sid=' } });
    expect(empty.statusCode).toBe(302);
  });

  it('serves index.html where this browser keeps an application or a promoter is logged in', async () => {
    for (const cookie of ['resume=1', 'tema=a; sid=abc', '__Host-sid=abc']) {
      const res = await app.inject({ method: 'GET', url: '/credinstante', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-prerendered');
    }
    const other = await app.inject({ method: 'GET', url: '/credinstante', headers: { cookie: 'presume=1' } });
    expect(other.body).toContain('data-prerendered');
  });

  it('serves the home’s page for /, not the bare index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-prerendered');
  });

  it('serves the error page with a 404 to a browser asking for an unknown page', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-existe', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    // Marked as the page every visitor may get, promoter or not.
    expect(res.body).toContain('<div id="root" data-prerendered="error">');
    expect(res.body).toContain('Página no encontrada');
  });

  it('serves a route the build did not draw as before: index.html for the browser to draw', async () => {
    const res = await app.inject({ method: 'GET', url: '/autoclass', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-prerendered');
    expect(res.body).toContain('<div id="root">');
  });
});

describe('page assembly', () => {
  const INDEX =
    '<html><head><title>x</title></head><body>\n<div id="root"><div>bar</div></div>\n</body></html>';

  it('fills the root element and moves the hints React wrote before the markup into the head', () => {
    const html = withRootMarkup(INDEX, '<link rel="preload" as="image" href="/logo.svg"/><main>hola</main>');
    expect(html).toContain('<div id="root" data-prerendered><main>hola</main></div>');
    expect(html).toMatch(/<link rel="preload" as="image" href="\/logo.svg"\/>\s*<\/head>/);
  });

  it('says what to fix when index.html has no root element on one line', () => {
    expect(() => withRootMarkup('<html><body></body></html>', '<main/>')).toThrow(/root element/);
  });

  it('names the files of the route map that the build did not write', () => {
    const dist = mkdtempSync(join(tmpdir(), 'prerender-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'flow-page-a1.js'), '');
    writeFileSync(join(dist, 'assets', 'light-form-b2.css'), '');
    const routes = {
      '/credinstante': {
        js: ['/assets/flow-page-a1.js', '/assets/light-form-c3.js'],
        css: ['/assets/light-form-b2.css'],
      },
      '/moto': { js: ['/assets/flow-page-a1.js'], css: ['/assets/moto-d4.css'] },
    };
    expect(missingFiles(dist, { routes })).toEqual(['/assets/light-form-c3.js', '/assets/moto-d4.css']);
    expect(
      missingFiles(dist, { routes: { '/credinstante': { js: ['/assets/flow-page-a1.js'], css: [] } } }),
    ).toEqual([]);
    rmSync(dist, { recursive: true, force: true });
  });

  it('keeps a stylesheet from closing its element early', () => {
    expect(withInlineStyles(INDEX, 'a{content:"</style>"}')).toContain(
      '<style>a{content:"<\\/style>"}</style>',
    );
  });
});
