// Being built (issue 7).
export default function PrivacyPolicyPage() {
  return <main className="centered-page" />;
}
