// Being built (issue 7).
export default function TermsOfUsePage() {
  return <main className="centered-page" />;
}
