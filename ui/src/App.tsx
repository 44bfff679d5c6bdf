// The application shell. The public pages (landing, verification, events, sign-up, sign-in) and the
// signed-in area arrive in their own issues; until then the landing says what Binaan is and shows
// whether the platform answers.

import { Landing } from './public/Landing.js';

export function App() {
  return <Landing />;
}
