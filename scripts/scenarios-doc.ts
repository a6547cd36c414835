/**
 * Writes `docs/sandbox-scenarios.md`, the sandbox test identities as people read them, from
 * the same data the service answers with (`src/server/sandbox/scenarios.ts`), so the page
 * and the service cannot drift apart (a unit test compares them).
 *
 *   node --import tsx scripts/scenarios-doc.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SEEDED_PROCURADORES, SEEDED_PROMOTERS } from '../src/server/promoters.ts';
import { SCENARIOS } from '../src/server/sandbox/scenarios.ts';

export const SCENARIOS_DOC = fileURLToPath(new URL('../docs/sandbox-scenarios.md', import.meta.url));

const cell = (v: string | number | null): string =>
  v === null ? '—' : typeof v === 'string' ? `"${v}"` : String(v);

/** The page's Markdown. */
export function renderScenariosDoc(): string {
  const out: string[] = [
    '# Sandbox test identities',
    '',
    'Generated from `src/server/sandbox/scenarios.ts` by `node --import tsx scripts/scenarios-doc.ts`; the running site serves the same data at `GET /__sandbox/scenarios`.',
    "Each identity forces one outcome of the embedded service, like a payment provider's test cards.",
    `Any valid DNI not listed (for example ${SCENARIOS.happyPathExample}) follows the happy path.`,
    '',
    '## Rules',
    '',
    ...SCENARIOS.rules.map((r) => `- ${r}`),
    '- Vehicle pre-evaluation: DNI `500000SS` answers state SS, DNI `590000NN` answers −NN.',
    '',
    '## Sandbox helpers (sandbox mode only)',
    '',
    '| call | what it gives |',
    '|---|---|',
    '| `GET /__sandbox/scenarios` | these tables as JSON |',
    '| `GET /__sandbox/outbox?celular=9XXXXXXXX` | the SMS sent to that number, newest first (codes and resume links) |',
    "| `GET /__sandbox/identity/{documento}` | the right answers to that person's security questions |",
    '| `POST /__sandbox/clock {"advanceMs": N}` | moves the service clock forward |',
    '| `POST /__sandbox/prospects/{codigoProspecto}/state {"estadoProspecto": N}` | the back office decides on a vehicle application: e.g. 33 (registration approved) lets a motorcycle applicant sign; 10, 91 or 92 show the other loading outcomes |',
    '| `POST /__sandbox/prospects/{codigoProspecto}/state {"estadoProspecto": N, "retenerEvaluacion": true}` | N is 0, 12 or 28 and the policy evaluation stays pending (the evaluation engine has not answered): the lookups answer N until the next move |',
    '| `POST /__sandbox/prospects/{codigoProspecto}/observation {"detalle": "02"}` | the analyst reviews an observed Credinstante application and leaves nothing to correct: the observed-case link then answers "02" (an advisor will call) and supports sent after it "01" |',
    '| `POST /__sandbox/reset` | empties the sandbox data back to its seed |',
    '',
    ...Object.entries(SCENARIOS.settings).map(([k, v]) => `Setting \`${k}\`: ${v}.`),
    '',
  ];
  for (const section of SCENARIOS.sections) {
    out.push(
      `## ${section.title}`,
      '',
      `Unlisted identities: ${section.unlisted}.`,
      '',
      '| identity | step | code | extra | the flow shows |',
      '|---|---|---|---|---|',
    );
    for (const r of section.rows) {
      const extra = r.extra
        ? Object.entries(r.extra)
            .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
            .join(', ')
        : '';
      out.push(
        `| ${r.documento} | ${r.step} | ${cell(r.code)} | ${extra} | ${r.shows.replace(/\|/g, '\\|')} |`,
      );
    }
    out.push('');
  }
  out.push(
    '## Promoters (seeded accounts)',
    '',
    '| usuario | contraseña | codigoEntidad | channel | products | procurador |',
    '|---|---|---|---|---|---|',
  );
  for (const p of SCENARIOS.promoters) {
    const procurador = SEEDED_PROMOTERS.find((s) => s.usuario === p.usuario)?.usuProcurador ?? '—';
    out.push(
      `| ${p.usuario} | ${p.contrasena} | ${p.codigoEntidad} | ${p.canal} | ${p.productos.join(', ')} | ${procurador} |`,
    );
  }
  out.push(
    '',
    '## Procuradores (looked up by user name on /estado-prospectos)',
    '',
    "A promoter finds only the procuradores of their own entity; any other user name answers 404 with the same message, so other entities' staff are not revealed.",
    '',
    '| nombreUsuario | codigoEntidad | codigoUsuario | name |',
    '|---|---|---|---|',
  );
  for (const r of SEEDED_PROCURADORES)
    out.push(`| ${r.nombreUsuario} | ${r.codigoEntidad} | ${r.codigoUsuario} | ${r.nombreUsuarioPersona} |`);
  out.push(
    '',
    `Resume and observed links: tampered → "${SCENARIOS.linkTokens.tampered}", expired → "${SCENARIOS.linkTokens.expired}".`,
    '',
  );
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCENARIOS_DOC, renderScenariosDoc());
  console.log(`Escrito ${SCENARIOS_DOC}`);
}
