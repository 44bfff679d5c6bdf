// Being built (issue 7).
export default function SessionTimedOutPage() {
  return <main className="centered-page" />;
}
