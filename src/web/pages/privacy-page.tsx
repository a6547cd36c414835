/** `/proteccion-de-datos-personales`: the personal-data notice (Ley 29733) every consent links to. */
import { LegalText } from './legal-text.tsx';

export default function PrivacyPage() {
  return <LegalText prefix="legal.privacy" />;
}
