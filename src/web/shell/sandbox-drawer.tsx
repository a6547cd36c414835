/** The sandbox drawer: SMS outbox by phone number and the scenario tables. */
import { useEffect, useState, type FormEvent } from 'react';
import { t } from '../lib/i18n.ts';
import { Dialog } from '../modals/dialog.tsx';

interface OutboxMessage {
  celular: string;
  texto: string;
  token?: string | null;
  enlace?: string | null;
  enviadoEn?: string;
  enviado_en?: string;
}

interface ScenarioRow {
  documento: string;
  step: string;
  code: string | number | null;
  shows: string;
}

interface Scenarios {
  sections?: { id: string; title: string; unlisted?: string; rows: ScenarioRow[] }[];
  rules?: string[];
  promoters?: { usuario: string; contrasena: string; codigoEntidad: number }[];
  happyPathExample?: string;
}

const PHONE_KEY = 'sandbox:celular';

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

function sentAt(m: OutboxMessage): string {
  return m.enviadoEn ?? m.enviado_en ?? '';
}

function Outbox() {
  const [celular, setCelular] = useState(() => window.sessionStorage.getItem(PHONE_KEY) ?? '');
  const [messages, setMessages] = useState<OutboxMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = (e?: FormEvent) => {
    e?.preventDefault();
    window.sessionStorage.setItem(PHONE_KEY, celular);
    const query = celular.trim() ? `?celular=${encodeURIComponent(celular.trim())}` : '';
    getJson<OutboxMessage[] | { messages: OutboxMessage[] }>(`/__sandbox/outbox${query}`).then(
      (data) => {
        const list = Array.isArray(data) ? data : data.messages;
        setMessages([...list].sort((a, b) => sentAt(b).localeCompare(sentAt(a))));
        setError(null);
      },
      (err: Error) => setError(err.message),
    );
  };
  return (
    <section aria-labelledby="sandbox-outbox">
      <h3 id="sandbox-outbox">{t('sandbox.outbox')}</h3>
      <form className="sandbox-form" onSubmit={load}>
        <label htmlFor="sandbox-phone">{t('sandbox.phone')}</label>
        <input
          id="sandbox-phone"
          inputMode="tel"
          value={celular}
          onChange={(e) => setCelular(e.target.value)}
        />
        <button className="button" type="submit">
          {t('sandbox.show')}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {messages?.length === 0 && <p>{t('sandbox.empty')}</p>}
      <ol className="sandbox-outbox">
        {messages?.map((m, i) => (
          <li key={i}>
            <small>
              {m.celular} · {sentAt(m)}
            </small>
            <p>{m.texto}</p>
            {m.token && (
              <p>
                {t('sandbox.token')}: <strong className="sandbox-token">{m.token}</strong>
              </p>
            )}
            {m.enlace && (
              <p>
                <a href={m.enlace}>{m.enlace}</a>
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function ScenarioTables() {
  const [data, setData] = useState<Scenarios | null>(null);
  useEffect(() => {
    getJson<Scenarios>('/__sandbox/scenarios').then(setData, () => setData({}));
  }, []);
  if (!data) return <p>{t('app.loading')}</p>;
  return (
    <section aria-labelledby="sandbox-scenarios">
      <h3 id="sandbox-scenarios">{t('sandbox.scenarios')}</h3>
      {data.happyPathExample && <p>{t('sandbox.happyPath', { dni: data.happyPathExample })}</p>}
      <ul>
        {data.rules?.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {data.promoters && (
        <table className="table">
          <caption>{t('app.promoter')}</caption>
          <tbody>
            {data.promoters.map((p) => (
              <tr key={p.usuario}>
                <td>{p.usuario}</td>
                <td>{p.contrasena}</td>
                <td>{p.codigoEntidad}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.sections?.map((s) => (
        <table key={s.id} className="table">
          <caption>{s.title}</caption>
          <thead>
            <tr>
              <th>DNI</th>
              <th>{t('sandbox.step')}</th>
              <th>{t('sandbox.code')}</th>
              <th>{t('sandbox.shows')}</th>
            </tr>
          </thead>
          <tbody>
            {s.rows.map((r, i) => (
              <tr key={i}>
                <td>{r.documento}</td>
                <td>{r.step}</td>
                <td>{r.code === null ? '—' : String(r.code)}</td>
                <td>{r.shows}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}

export default function SandboxDrawer({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={t('sandbox.title')} width={560} side onClose={onClose} footer={null}>
      <Outbox />
      <ScenarioTables />
    </Dialog>
  );
}
