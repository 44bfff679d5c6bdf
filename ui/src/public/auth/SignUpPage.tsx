// Being built (issue 7).
export default function SignUpPage() {
  return <main className="centered-page" />;
}
