// The deployment files that cannot run here (no Docker engine, no systemd in the test machine) still name
// only what exists: every path the Containerfile copies from the build, the compose file's build context,
// Containerfile and mounted files, the units' entry point and example settings; and every variable the
// example environment sets is one the README documents.

import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { REPOSITORY } from '../support.js';

const DEPLOY = join(REPOSITORY, 'infra/deploy');
const read = (path: string) => readFileSync(join(DEPLOY, path), 'utf8');

describe('infra/deploy', () => {
  it('the Containerfile copies only what the build makes or the repository holds, and runs the built API', () => {
    const file = read('container/Containerfile');
    const copied = [...file.matchAll(/^COPY --from=build \/opt\/binaan\/(\S+) /gm)].map((match) => match[1]!);
    expect(copied).toEqual(expect.arrayContaining(['apps', 'ui/dist', 'infra/migrations', 'node_modules']));
    // Built outputs exist after npm run build (which the test run does first); the rest are sources.
    for (const path of copied.filter((p) => p !== 'node_modules')) expect(existsSync(join(REPOSITORY, path))).toBe(true);
    const command = /^CMD \["node", "([^"]+)"\]/m.exec(file)?.[1];
    expect(command).toBe('apps/api/dist/main.js');
    expect(existsSync(join(REPOSITORY, command!))).toBe(true);
    expect(file).toContain('/api/health/ready');
  });

  it('compose.yaml builds from the repository root with the Containerfile and mounts files that exist', () => {
    const compose = read('container/compose.yaml');
    const base = join(DEPLOY, 'container');
    const context = resolve(base, /context: (\S+)/.exec(compose)![1]!);
    expect(context).toBe(resolve(REPOSITORY));
    expect(existsSync(join(context, /dockerfile: (\S+)/.exec(compose)![1]!))).toBe(true);
    const mounts = [...compose.matchAll(/^\s+- (\.\.?\/\S+):(\S+):ro$/gm)].map((match) => ({
      from: resolve(base, match[1]!),
      to: match[2]!,
    }));
    expect(mounts).toHaveLength(3);
    for (const mount of mounts) expect(existsSync(mount.from)).toBe(true);
    // nginx's site includes what the mounts put in place.
    const site = read('nginx/binaan.conf');
    for (const included of [...site.matchAll(/include (\/etc\/nginx\/binaan\/\S+);/g)].map((match) => match[1]!))
      expect(mounts.map((m) => m.to)).toContain(included);
    expect(compose).toMatch(/replicas: 3/);
    expect(existsSync(join(base, 'instances.conf'))).toBe(true);
  });

  it('the systemd unit runs the built API from its working directory, with documented settings', () => {
    const unit = read('systemd/binaan@.service');
    const workdir = /^WorkingDirectory=(\S+)/m.exec(unit)![1]!;
    const entry = /^ExecStart=\/usr\/bin\/node (\S+)/m.exec(unit)![1]!;
    expect(workdir).toBe('/opt/binaan');
    expect(existsSync(join(REPOSITORY, entry))).toBe(true);
    const readme = readFileSync(join(REPOSITORY, 'README.md'), 'utf8');
    const variables = [...read('systemd/binaan.env.example').matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]!);
    expect(variables.length).toBeGreaterThan(10);
    for (const variable of variables) expect(readme).toContain(`\`${variable}\``);
    expect(dirname(entry)).toBe('apps/api/dist');
  });
});
