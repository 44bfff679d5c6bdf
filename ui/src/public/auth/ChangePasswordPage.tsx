// Being built (issue 7).
export default function ChangePasswordPage(_props: { variant: 'plain' | 'mobile' }) {
  return <main className="centered-page" />;
}
