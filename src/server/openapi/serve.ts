/**
 * Publishes the OpenAPI document: `GET /api/openapi.json` (built once, on the first request,
 * from the same registry and schemas the server runs on) and a reference page at `/api/docs`
 * drawn by Swagger UI (`swagger-ui-dist`, served from `node_modules`). The viewer's files load
 * on that page only; the page keeps the site's strict policy (no inline script, no eval).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { EndpointDef } from '../../engine/endpoint-types.ts';
import { text } from '../texts.ts';
import { buildOpenApi } from './document.ts';

/** The request and response schemas of every call. */
export const SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas/api/', import.meta.url));

const VIEWER_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The viewer's files the page loads, by the name the page asks for. */
const VIEWER_FILES: Readonly<Record<string, { file: string; type: string }>> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

/** Starts the viewer on the page (a file of its own: the policy admits no inline script). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#referencia',
    deepLinking: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    docExpansion: 'none',
    filter: true,
    presets: [SwaggerUIBundle.presets.apis],
  });
});
`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function page(): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text('apiDocs.title'))}</title>
<link rel="icon" href="/logo.svg">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<noscript>${escapeHtml(text('apiDocs.noScript'))}</noscript>
<div id="referencia"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;
}

/** Registers `/api/openapi.json`, `/api/docs` and the viewer's files. */
export function registerOpenApi(
  app: FastifyInstance,
  endpoints: readonly EndpointDef[],
  schemasDir = SCHEMAS_DIR,
): void {
  let document: string | null = null;
  const version = (
    JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
  app.get('/api/openapi.json', (_request, reply) => {
    document ??= JSON.stringify(buildOpenApi(endpoints, schemasDir, version));
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(document);
  });
  app.get('/api/docs', (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page()),
  );
  app.get('/api/docs/init.js', (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(INIT_SCRIPT),
  );
  app.get<{ Params: { file: string } }>('/api/docs/:file', (request, reply) => {
    const asset = Object.hasOwn(VIEWER_FILES, request.params.file)
      ? VIEWER_FILES[request.params.file]
      : undefined;
    if (asset === undefined) return reply.callNotFound();
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type(asset.type)
      .send(readFileSync(join(VIEWER_DIR, asset.file)));
  });
}
