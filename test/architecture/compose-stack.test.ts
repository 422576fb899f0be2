import test from 'ava';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  init?: boolean;
  pull_policy?: string;
  healthcheck?: { test?: string[] };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const apis = Object.entries(compose.services).filter(([name]) => name.startsWith('api-'));

/** An exact release: a full version (7.0.14, v1.31.3, 24.21.0-bookworm-slim) or a dated release; never `latest` nor a major alone. */
const EXACT_TAG = /:(v?\d+\.\d+\.\d+([-.][\w.-]+)?|RELEASE\.\d{4}-\d{2}-\d{2}T[\w-]+)$/;

test('every image of the stack, and the Dockerfile’s base, is pinned to an exact release', (t) => {
  for (const [name, service] of Object.entries(compose.services)) {
    t.truthy(service.image, `${name} names its image`);
    t.regex(service.image ?? '', EXACT_TAG, `${name}: ${service.image}`);
  }
  const bases = [...read('Dockerfile').matchAll(/^FROM (\S+)/gm)].map((match) => match[1] as string).filter((base) => base.includes(':'));
  t.true(bases.length >= 2);
  for (const base of bases) t.regex(base, EXACT_TAG, base);
});

test('the two API services run one built image, reap their children, and report healthy once /ready answers', (t) => {
  t.is(apis.length, 2);
  const built = apis.filter(([, service]) => service.build !== undefined);
  t.is(built.length, 1, 'one service builds the image');
  t.is(new Set(apis.map(([, service]) => service.image)).size, 1, 'the other runs the same image');
  for (const [name, service] of apis) {
    if (service.build === undefined) t.is(service.pull_policy, 'never', `${name} never pulls the image built here`);
    t.true(service.init, `${name}: init reaps Chromium's children`);
    t.true((service.healthcheck?.test ?? []).join(' ').includes('/ready'), `${name}: healthy once /ready answers`);
    t.is(service.depends_on?.mongo?.condition, 'service_healthy', `${name} waits for MongoDB`);
    t.truthy(service.environment?.MONGODB_URI);
  }
});

test('no anonymous volume where MongoDB is the store, and the bundle stage installs only what it bundles with', (t) => {
  const dockerfile = read('Dockerfile');
  t.notRegex(dockerfile, /^VOLUME/m, 'a VOLUME would give every API container an anonymous volume');
  const bundle = dockerfile.slice(dockerfile.indexOf('AS bundle'), dockerfile.indexOf('\nFROM ', dockerfile.indexOf('AS bundle')));
  t.notRegex(bundle, /npm ci(?! --omit=dev)/, 'no full install of the development dependencies');
  t.regex(bundle, /esbuild@/);
});

test('.env.example lists every secret compose.yaml requires, each with the command that makes one', (t) => {
  const required = new Set([...read('compose.yaml').matchAll(/\$\{(\w+):\?/g)].map((match) => match[1] as string));
  t.true(required.size >= 8);
  const example = read('.env.example');
  for (const name of required) {
    t.regex(example, new RegExp(`^${name}=`, 'm'), `${name} is listed`);
    const before = example.slice(0, example.search(new RegExp(`^${name}=`, 'm')));
    t.regex(before.split('\n\n').at(-1) ?? '', /openssl rand|dashboard/, `${name} says how to make it`);
  }
  t.true(read('.gitignore').split('\n').includes('.env'), 'the filled file is never committed');
  t.true(read('.dockerignore').split('\n').includes('.env'), 'nor copied into the image');
});
