// Being built (issue 7).
export default function CertificatePage() {
  return <main className="centered-page" />;
}
