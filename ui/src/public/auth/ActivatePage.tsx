// Being built (issue 7).
export default function ActivatePage() {
  return <main className="centered-page" />;
}
