import test from 'ava';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

test('the README fits a newcomer: what it is, the two commands, the first five minutes, configuration, links', (t) => {
  const lines = readme.split('\n').length;
  t.true(lines <= 120, `${lines} lines`);
  const sections = [...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
  t.deepEqual(sections, ['Two commands', 'The first five minutes', 'Configuration', 'More']);
  t.true(readme.includes('npm ci && npm start'));
  t.true(readme.includes('npm ci && npm test'));
  t.true(readme.includes('npm run cli -- seed --policies 25'));
  t.true(readme.includes('npm run walkthrough'));
  t.true(readme.includes('/docs'));
});

test('every document the README and the docs link to exists', (t) => {
  const documents = ['README.md', ...['walkthrough', 'clients', 'providers', 'deployment', 'performance', 'testing'].map((name) => `docs/${name}.md`)];
  for (const document of documents) {
    const text = readFileSync(join(ROOT, document), 'utf8');
    const base = join(ROOT, document, '..');
    for (const [, target] of text.matchAll(/\]\(((?!https?:)[^)#\s]+)(?:#[^)]*)?\)/g)) {
      t.true(existsSync(join(base, target as string)), `${document} links to ${target}`);
    }
  }
});
