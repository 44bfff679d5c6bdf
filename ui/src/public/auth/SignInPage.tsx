// Being built (issue 7).
export default function SignInPage() {
  return <main className="centered-page" />;
}
