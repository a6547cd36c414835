/**
 * Vite plugin: each form file `schemas/forms/*.json` loads with its validator compiled at
 * build time (ajv standalone code, through rjsf's `compileSchemaValidatorsCode`), as
 * `validateFns` next to `schema` and `uiSchema`. The site's Content Security Policy has no
 * 'unsafe-eval', so ajv cannot compile schemas in the browser; without this plugin (unit
 * tests) the form falls back to the runtime validator.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { _ } from 'ajv';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js';
import { PERU_FORMATS } from '../src/web/views/form/format-messages.ts';

const FORM_FILE = /\/schemas\/forms\/[^/]+\.json$/;
const FORMATS_MODULE = fileURLToPath(
  new URL('../src/web/views/form/precompiled-formats.ts', import.meta.url),
);

/** Compiles one form schema into an ES module exporting `{ schema, uiSchema, validateFns }`. */
export function precompiledFormModule(file: string): string {
  const form = JSON.parse(readFileSync(file, 'utf8')) as { schema: object; uiSchema?: object };
  // The format checks run in the browser from `precompiled-formats.ts`; here they only need names.
  const customFormats = Object.fromEntries(
    Object.entries(PERU_FORMATS).map(([name, f]) => [name, (v: string) => f.check(v)]),
  );
  const code = compileSchemaValidatorsCode(form.schema as never, {
    customFormats,
    ajvOptionsOverrides: { code: { formats: _`formats` } },
  });
  const required = [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!))];
  const imports = required.map((id, i) => `import * as __r${i} from ${JSON.stringify(id)};`).join('\n');
  const table = `{${required.map((id, i) => `${JSON.stringify(id)}: __r${i}`).join(',')}}`;
  return `${imports}
import { formats } from ${JSON.stringify(FORMATS_MODULE)};
const __modules = ${table};
const module = { exports: {} };
(function (exports, require) {
${code}
})(module.exports, (id) => __modules[id]);
export default { schema: ${JSON.stringify(form.schema)}, uiSchema: ${JSON.stringify(form.uiSchema ?? {})}, validateFns: module.exports };
`;
}

/** Form files resolve to this prefix plus the path plus `.js`, so Vite's JSON plugin leaves them alone. */
const PREFIX = '\0form-validators:';

export function formValidatorsPlugin(): Plugin {
  return {
    name: 'form-validators',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json') || source.startsWith(PREFIX)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && FORM_FILE.test(resolved.id) ? `${PREFIX}${resolved.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.js'.length);
      this.addWatchFile(file);
      try {
        return precompiledFormModule(file);
      } catch (error) {
        this.error(
          `form-validators: ${file} could not be compiled (${(error as Error).message}). Check the schema with npm run lint:flows.`,
        );
      }
    },
  };
}
