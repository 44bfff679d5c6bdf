import { LegalPage } from './LegalPage.js';

export default function TermsOfUsePage() {
  return <LegalPage document="termsOfUse" />;
}
