// Being built (issue 7).
export default function TermsOfServicePage() {
  return <main className="centered-page" />;
}
