/** `/terminos-y-condiciones`: the terms an applicant accepts with the consent of every form. */
import { LegalText } from './legal-text.tsx';

export default function TermsPage() {
  return <LegalText prefix="legal.terms" />;
}
