// The OpenAPI document as integrators lint it: /api/docs-json, written to a file, passes Redocly's
// recommended rules and Spectral's spectral:oas with no error and no warning (the rulesets are kept in
// infra/openapi). On a finding the test prints each one, so the failure says what to fix.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { pgliteConfig, REPOSITORY, startApp } from './support.js';

const run = promisify(execFile);
const bin = (name: string) => join(REPOSITORY, 'node_modules', '.bin', name);
const RULESETS = join(REPOSITORY, 'infra', 'openapi');

type Finding = { rule: string; severity: string; where: string; message: string };

/** Runs a linter that exits non-zero on findings: its output either way. */
async function output(command: string, args: string[]): Promise<string> {
  try {
    return (
      await run(command, args, {
        cwd: REPOSITORY,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      })
    ).stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    if (!failed.stdout) throw new Error(`${command} failed without output: ${failed.stderr ?? ''}`, { cause: error });
    return failed.stdout;
  }
}

describe("/api/docs-json under the integrators' linters", () => {
  let app: NestFastifyApplication;
  let folder: string;
  let file: string;

  beforeAll(async () => {
    app = await startApp(await pgliteConfig());
    const reply = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    folder = await mkdtemp(join(tmpdir(), 'binaan-openapi-'));
    file = join(folder, 'openapi.json');
    await writeFile(file, reply.text);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const text = await output(bin('redocly'), [
      'lint',
      file,
      '--config',
      join(RULESETS, 'redocly.yaml'),
      '--format',
      'json',
      '--max-problems',
      '10000',
    ]);
    const report = JSON.parse(text.slice(text.indexOf('{'))) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
    };
    const findings: Finding[] = report.problems.map((problem) => ({
      rule: problem.ruleId,
      severity: problem.severity,
      where: problem.location[0]?.pointer ?? '',
      message: problem.message,
    }));
    expect(findings).toEqual([]);
  }, 120_000);

  it("passes Spectral's spectral:oas with no error and no warning", async () => {
    const text = await output(bin('spectral'), [
      'lint',
      file,
      '--ruleset',
      join(RULESETS, '.spectral.yaml'),
      '--format',
      'json',
      '--quiet',
    ]);
    const start = text.indexOf('[');
    // No report at all is a failure, not a pass: Spectral prints `[]` when it finds nothing.
    if (start < 0) throw new Error(`spectral printed no report: ${text}`);
    const report = JSON.parse(text.slice(start)) as { code: string; severity: number; message: string; path: string[] }[];
    const severity = ['error', 'warning', 'info', 'hint'];
    const findings: Finding[] = report
      .filter((finding) => finding.severity <= 1)
      .map((finding) => ({
        rule: finding.code,
        severity: severity[finding.severity] ?? '',
        where: finding.path.join('.'),
        message: finding.message,
      }));
    expect(findings).toEqual([]);
  }, 120_000);
});
