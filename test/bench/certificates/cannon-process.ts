/// <reference types="node" />
// autocannon in a process of its own (forked by the bench), so that generating the load and parsing the
// replies neither queue behind the API on its event loop nor count in the API process's CPU time. Every
// reply's body is read: a verification only counts as answered when it says what the QR should get
// (genuine, or not genuine).
import autocannon from 'autocannon';

export type CannonPlan = { url: string; path: string; body: string; connections: number; seconds: number; expectGenuine: boolean };
export type CannonOutcome = { result: autocannon.Result; expected: number; unexpected: number; firstUnexpected: string | null };

process.once('message', (plan: CannonPlan) => {
  let expected = 0;
  let unexpected = 0;
  let firstUnexpected: string | null = null;
  autocannon(
    {
      url: plan.url,
      connections: plan.connections,
      duration: plan.seconds,
      timeout: 30,
      requests: [
        {
          method: 'POST',
          path: plan.path,
          headers: { 'content-type': 'application/json' },
          body: plan.body,
          onResponse: (status: number, body: string) => {
            const ok = status === 200 && body.includes(plan.expectGenuine ? '"genuine":true' : '"genuine":false');
            if (ok) expected += 1;
            else {
              unexpected += 1;
              firstUnexpected ??= `${status} ${body.slice(0, 300)}`;
            }
          },
        },
      ],
    },
    (error, result) => {
      if (error) throw error;
      process.send!({ result, expected, unexpected, firstUnexpected } satisfies CannonOutcome, () => process.exit(0));
    },
  );
});
