/**
 * The documents an end page offers to download: a list of links, each shown when the context
 * holds its address. `step.props.documents` lists them as `{ from, label }` (the context key
 * holding the link, the i18n key of its text) or `{ listFrom }` (the context key holding a list
 * of documents, each with its own title and link, such as the signed contract's `documentos`);
 * the letter and message views both read it.
 */
import { useId } from 'react';
import FilePdfOutlined from '@ant-design/icons-svg/es/asn/FilePdfOutlined';
import type { ViewProps } from './view-types.ts';
import { asRecord } from './step-props.ts';
import { readDocuments } from './contract-documents.ts';
import { SvgIcon } from './svg-icon.tsx';

export interface DocumentDownload {
  url: string;
  /** The i18n key of the link text. */
  label?: string;
  /** The link text itself, as the service named the document. */
  title?: string;
}

/** A context value usable as a link, or undefined. */
export const linkOf = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The `documents` prop of a step (`{ from, label }` items) whose link the context holds, with their i18n label keys. */
export function listedDocuments(documents: unknown, ctx: Record<string, unknown>): DocumentDownload[] {
  const listed: unknown[] = Array.isArray(documents) ? documents : [];
  return listed
    .map((d) => asRecord(d))
    .flatMap((d): Partial<DocumentDownload>[] =>
      typeof d.listFrom === 'string'
        ? listedIn(ctx[d.listFrom])
        : [{ url: linkOf(ctx[String(d.from)]), label: String(d.label) }],
    )
    .filter((d): d is DocumentDownload => d.url !== undefined);
}

/** The documents of a list the service answered (its contract documents), those with a link. */
function listedIn(list: unknown): Partial<DocumentDownload>[] {
  return Array.isArray(list) ? readDocuments(list).map((d) => ({ url: linkOf(d.url), title: d.name })) : [];
}

/** The list of links, named for assistive technology ("Documentos para descargar"). */
export function DocumentLinks({ documents, t }: { documents: DocumentDownload[]; t: ViewProps['t'] }) {
  const titleId = useId();
  return (
    <div className="letter-documents">
      <h3 id={titleId} className="letter-documents__title">
        {t('view.letter.documents')}
      </h3>
      <ul aria-labelledby={titleId}>
        {documents.map((d) => (
          <li key={d.url}>
            <a href={d.url} target="_blank" rel="noopener noreferrer">
              <SvgIcon icon={FilePdfOutlined} /> {d.title ?? t(d.label ?? 'view.letter.open')}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
