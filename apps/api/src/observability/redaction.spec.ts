import { describe, expect, it } from '@jest/globals';
import { loggedUrl, scrub } from './redaction.js';

describe('scrub', () => {
  it('removes JWTs, bearer tokens, secret query values, quoted passwords, URL passwords and cookies', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXBhcnQ';
    const text = scrub(
      `token ${jwt}; Authorization: Bearer abc.def; link https://x.my/reset?email=a%40b.c&token=S3cr3t&x=1; {"password":"Pa\\"ss1","name":"Ali"} postgres://app:dbpass@db:5432/binaan cookie: sid=42abc`,
    );
    for (const secret of [jwt, 'abc.def', 'S3cr3t', 'Pa\\"ss1', 'dbpass', 'sid=42abc']) expect(text).not.toContain(secret);
    expect(text).toContain('"name":"Ali"');
    expect(text).toContain('postgres://app:[redacted]@db:5432/binaan');
  });

  it("keeps a URL's path and query names, never its query values", () => {
    expect(loggedUrl('/api/company/list?t=abc&page=2')).toBe('/api/company/list?t=[redacted]&page=[redacted]');
    expect(loggedUrl('/api/health')).toBe('/api/health');
  });

  it("removes an approval e-mail's link token from the API's and the page's paths", () => {
    expect(loggedUrl('/api/approval-links/eyJ2IjoxfQ.c2ln-x_y')).toBe('/api/approval-links/[redacted]');
    expect(scrub('GET /approval/eyJ2IjoxfQ.c2ln 200')).toBe('GET /approval/[redacted] 200');
    expect(loggedUrl('/api/my-approvals?range=1')).toBe('/api/my-approvals?range=[redacted]');
  });
});
