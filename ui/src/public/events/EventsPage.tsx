// Being built (issue 7).
export default function EventsPage() {
  return <main className="centered-page" />;
}
