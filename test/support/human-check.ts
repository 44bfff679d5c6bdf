// Solves the human check the way the browser's ALTCHA widget does: fetch a challenge from the api,
// brute-force the counter with altcha-lib's solver, send base64(JSON { challenge, solution }) as
// `response_token`. Keep HUMAN_CHECK_MAX_NUMBER low in tests so this takes milliseconds.

import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** A base URL (`http://127.0.0.1:3000`) or a supertest agent (`request(app.getHttpServer())`). */
export type ApiClient = string | { get(path: string): PromiseLike<{ status: number; body: unknown }> };

const CHALLENGE_PATH = '/api/human-check/challenge';

export async function fetchChallenge(api: ApiClient): Promise<Challenge> {
  if (typeof api === 'string') {
    const response = await fetch(new URL(CHALLENGE_PATH, api));
    if (!response.ok) throw new Error(`GET ${CHALLENGE_PATH} answered ${response.status}`);
    return (await response.json()) as Challenge;
  }
  const response = await api.get(CHALLENGE_PATH);
  if (response.status !== 200) throw new Error(`GET ${CHALLENGE_PATH} answered ${response.status}`);
  return response.body as Challenge;
}

/** The token for a challenge: what the widget puts in `response_token`. */
export async function solveChallengeToken(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('the human-check challenge was not solved within 20 s: is HUMAN_CHECK_MAX_NUMBER low in this test?');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function solveHumanCheck(api: ApiClient): Promise<string> {
  return solveChallengeToken(await fetchChallenge(api));
}
