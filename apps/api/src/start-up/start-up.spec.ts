// What npm start prints: the banner's facts and warnings, and LOG_LEVEL's filter on Nest's start-up lines.
import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config.js';
import { banner, withoutPassword } from './banner.js';
import { logLevelOf } from './log-level.js';
import { createLogger, NestPinoLogger } from '../observability/logging.js';

const facts = (env: NodeJS.ProcessEnv, more: Partial<Parameters<typeof banner>[0]> = {}) =>
  banner({
    config: loadConfig({ DATA_DIR: '/srv/binaan-data', ...env }),
    port: 3000,
    logLevel: 'info',
    demo: { state: 'kept' },
    demoSigningKey: false,
    elapsedMs: 2500,
    ...more,
  });

describe('the start-up banner', () => {
  it('names a PostgreSQL, SMTP or gateway address without its password', () => {
    const text = facts({
      DATABASE_URL: 'postgres://binaan:s3cret@db.example:5432/binaan',
      SMTP_URL: 'smtp://mailer:hunter2@mail.example:587',
      SMS_GATEWAY_URL: 'https://sms.example/send',
      NODE_ENV: 'production',
    }).join('\n');
    expect(text).toContain('PostgreSQL at postgres://binaan@db.example:5432/binaan');
    expect(text).toContain('SMTP at smtp://mailer@mail.example:587');
    expect(text).not.toMatch(/s3cret|hunter2/);
    expect(withoutPassword('not a url')).not.toContain('not a url');
  });

  it('says where mail goes without SMTP, and warns that the outbox page is public outside production', () => {
    const text = facts({}).join('\n');
    expect(text).toContain('/srv/binaan-data/outbox/email.jsonl (no SMTP_URL set)');
    expect(text).toMatch(/WARNING: http:\/\/127\.0\.0\.1:3000\/api\/dev\/outbox shows every e-mail and SMS/);
    expect(facts({ NODE_ENV: 'production' }).join('\n')).not.toContain('/api/dev/outbox');
  });

  it('warns that the development clock can be moved by anyone, only where it exists (DEV_CLOCK=on, not production)', () => {
    expect(facts({ DEV_CLOCK: 'on' }).join('\n')).toContain(
      'WARNING: DEV_CLOCK=on: anyone who can reach http://127.0.0.1:3000/api/dev/clock',
    );
    expect(facts({}).join('\n')).not.toContain('/api/dev/clock');
    expect(facts({ DEV_CLOCK: 'on', NODE_ENV: 'production' }).join('\n')).not.toContain('/api/dev/clock');
  });

  it('warns about the demo signing key only when it signs', () => {
    expect(facts({ NODE_ENV: 'production' }, { demoSigningKey: true }).join('\n')).toContain(
      'WARNING: certificates are signed with the public DEMO key',
    );
    expect(facts({ NODE_ENV: 'production' }).join('\n')).not.toContain('DEMO key');
  });

  it('warns when the personal data master key is kept beside the data, not when it is given', () => {
    expect(facts({}).join('\n')).toContain('WARNING: personal data is sealed with a master key kept in /srv/binaan-data/secrets.json');
    expect(facts({ NODE_ENV: 'production' }).join('\n')).toContain(
      'WARNING: no checkpoints of the transparency log are signed: set LOG_SIGNING_KEY',
    );
    expect(facts({ NODE_ENV: 'production', LOG_SIGNING_KEY: 'given' }).join('\n')).not.toContain('LOG_SIGNING_KEY');
    expect(facts({}).join('\n')).not.toContain('LOG_SIGNING_KEY');
    expect(facts({ PERSONAL_DATA_MASTER_KEY: 'a'.repeat(44) }).join('\n')).not.toContain('personal data is sealed');
  });

  it('points at the demo logins and stays short', () => {
    const lines = facts({}, { demoSigningKey: true, demo: { state: 'seeded', companies: 9, users: 11, documents: 30 } });
    expect(lines.join('\n')).toContain('seeded now: 9 companies, 11 users, 30 documents; logins in README.md, "Demo logins"');
    expect(lines.length).toBeLessThan(15);
    expect(lines[0]).toMatch(/^Binaan is running at http:\/\/127\.0\.0\.1:3000 \(store: PGlite\); ready in 2\.5 s$/);
  });
});

describe('LOG_LEVEL', () => {
  it('accepts the four levels and refuses others with a clear message', () => {
    expect(logLevelOf(undefined)).toBe('info');
    expect(logLevelOf('DEBUG')).toBe('debug');
    expect(() => logLevelOf('loud')).toThrow('LOG_LEVEL must be one of error, warn, info, debug, not "loud"');
  });

  it("leaves out Nest's route lines below debug, and keeps the API's own messages", () => {
    const lines: string[] = [];
    const destination = { write: (line: string) => void lines.push(line) };
    const info = new NestPinoLogger(createLogger({ level: 'info', format: 'json', destination }));
    info.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    info.log('e-mail written to the outbox', 'messaging');
    new NestPinoLogger(createLogger({ level: 'debug', format: 'json', destination })).log(
      'Mapped {/api/health, GET} route',
      'RouterExplorer',
    );
    expect(lines.filter((line) => line.includes('Mapped {/api/health'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('e-mail written to the outbox'))).toHaveLength(1);
    expect(JSON.parse(lines.find((line) => line.includes('outbox'))!)).toMatchObject({
      level: 'info',
      context: 'messaging',
      msg: 'e-mail written to the outbox',
    });
  });
});
