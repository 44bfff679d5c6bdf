// Being built (issue 7).
export default function ForgotPasswordPage() {
  return <main className="centered-page" />;
}
