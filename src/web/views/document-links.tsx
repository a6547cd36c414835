/**
 * The documents an end page offers to download: a list of links, each shown when the context
 * holds its address. `step.props.documents` lists them as `{ from, label }` (the context key
 * holding the link, the i18n key of its text); the letter and message views both read it.
 */
import { FilePdfOutlined } from '@ant-design/icons';
import type { ViewProps } from './view-types.ts';
import { asRecord } from './step-props.ts';

export interface DocumentDownload {
  url: string;
  label: string;
}

/** A context value usable as a link, or undefined. */
export const linkOf = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The `documents` prop of a step (`{ from, label }` items) whose link the context holds, with their i18n label keys. */
export function listedDocuments(documents: unknown, ctx: Record<string, unknown>): DocumentDownload[] {
  const listed: unknown[] = Array.isArray(documents) ? documents : [];
  return listed
    .map((d) => asRecord(d))
    .map((d) => ({ url: linkOf(ctx[String(d.from)]), label: String(d.label) }))
    .filter((d): d is DocumentDownload => d.url !== undefined);
}

/** The list of links, named for assistive technology ("Documentos para descargar"); labels are i18n keys. */
export function DocumentLinks({ documents, t }: { documents: DocumentDownload[]; t: ViewProps['t'] }) {
  return (
    <ul className="letter-documents" aria-label={t('view.letter.documents')}>
      {documents.map((d) => (
        <li key={d.url}>
          <a href={d.url} target="_blank" rel="noopener noreferrer">
            <FilePdfOutlined aria-hidden="true" /> {t(d.label)}
          </a>
        </li>
      ))}
    </ul>
  );
}
