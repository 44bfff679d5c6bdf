// The end-user licence agreement users accept at their first sign-in, and again when a new version
// comes. Versions live in code until the admin module edits them (a new version is a new entry).

export type EulaVersion = { version: number; effectiveFrom: string; contents: string };

export const EULA_VERSIONS: readonly EulaVersion[] = [
  {
    version: 1,
    effectiveFrom: '2026-11-01',
    contents: `<h2>Binaan end-user licence agreement</h2>
<p>By using Binaan you agree to use it only for your company's lawful construction procurement, project
and event activities, to keep your password secret, and to record only true information. Subscription is
only for companies taking part in tenders.</p>
<p>Every action you take on a document is recorded with your name, your company and the time, and cannot
be changed afterwards. Your company's administrators and Binaan's auditors can read these records.</p>
<p>Personal data is processed under Malaysia's Personal Data Protection Act 2010, as the privacy policy
describes. These terms are governed by the laws of Malaysia.</p>`,
  },
];

export const LATEST_EULA_VERSION = Math.max(...EULA_VERSIONS.map((eula) => eula.version));

export function latestEula(): EulaVersion {
  return EULA_VERSIONS.find((eula) => eula.version === LATEST_EULA_VERSION)!;
}
