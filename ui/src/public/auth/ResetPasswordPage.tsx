// Being built (issue 7).
export default function ResetPasswordPage() {
  return <main className="centered-page" />;
}
