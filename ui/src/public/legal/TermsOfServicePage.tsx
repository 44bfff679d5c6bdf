import { LegalPage } from './LegalPage.js';

export default function TermsOfServicePage() {
  return <LegalPage document="termsOfService" />;
}
