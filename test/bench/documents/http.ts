// The bench's own HTTP calls (fetch) against the running API: sign-in with a company chosen, and the
// document calls the seeding needs. Every reply is checked, so a seeding mistake stops the bench.

export type Api = { base: string };

type Reply = { status: number; body: Record<string, unknown> };

async function call(
  api: Api,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const response = await fetch(`${api.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function expectOk(reply: Promise<Reply>, what: string): Promise<Record<string, unknown>> {
  const { status, body } = await reply;
  if (status < 200 || status > 299) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** A company token: signed in, company chosen. */
export async function signIn(api: Api, email: string, password: string, companyId: string): Promise<string> {
  const login = await expectOk(call(api, 'POST', '/api/login', null, { email, password }), `login ${email}`);
  const chosen = await expectOk(call(api, 'GET', `/api/company/choose/${companyId}`, login.jwtToken as string), `choose ${companyId}`);
  return chosen.jwtToken as string;
}

export async function createDocument(api: Api, resource: string, token: string, body: unknown): Promise<{ id: string; revision: number }> {
  const created = await expectOk(call(api, 'POST', `/api/documents/${resource}`, token, body), `create ${resource}`);
  return { id: created.id as string, revision: created.revision as number };
}

/** One workflow action with If-Match; the new revision. */
export async function act(
  api: Api,
  resource: string,
  token: string,
  id: string,
  event: string,
  revision: number,
  body: unknown = {},
): Promise<number> {
  const reply = await expectOk(
    call(api, 'POST', `/api/documents/${resource}/${id}/actions/${event}`, token, body, { 'If-Match': String(revision) }),
    `${event} on ${id}`,
  );
  return reply.revision as number;
}

/** Runs `work` on every item, `concurrency` at a time. */
export async function eachLimited<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
