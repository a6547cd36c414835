/**
 * A legal text of the site (terms, personal-data notice): a title and the numbered
 * paragraphs `<prefix>.1`, `<prefix>.2`… of `i18n/es-PE.json`, each a heading and its body,
 * so the wording is edited where every other text is.
 */
import { Link } from 'react-router-dom';
import { hasText, t } from '../lib/i18n.ts';

export function LegalText({ prefix }: { prefix: string }) {
  const sections: { heading: string; body: string }[] = [];
  for (let n = 1; hasText(`${prefix}.${n}.heading`); n++)
    sections.push({ heading: t(`${prefix}.${n}.heading`), body: t(`${prefix}.${n}.body`) });
  return (
    <article className="panel legal">
      <h1>{t(`${prefix}.title`)}</h1>
      <p>{t(`${prefix}.intro`)}</p>
      {sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          <p>{s.body}</p>
        </section>
      ))}
      <p className="legal__home">
        <Link to="/">{t('page.error.homeLink')}</Link>
      </p>
    </article>
  );
}
