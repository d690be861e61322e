import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { keys } from '../../functions/store/keys.ts';

const doc = readFileSync(new URL('../../docs/data-model.md', import.meta.url), 'utf8');
const viewsDir = new URL('../../functions/views/', import.meta.url);

describe('docs/data-model.md documents every key of the tables', () => {
  it('names every key builder of the state table (functions/store/keys.ts)', () => {
    const missing = Object.keys(keys).filter((name) => !doc.includes(`\`keys.${name}\``));
    expect(missing).toEqual([]);
  });

  it('names every views partition a view module builds', () => {
    const partitions = readdirSync(viewsDir)
      .map((file) => readFileSync(new URL(file, viewsDir), 'utf8'))
      .flatMap((source) => [...source.matchAll(/viewsPartition\(`(\w+)#?/g)].map((match) => match[1]));
    expect(partitions.length).toBeGreaterThan(5);
    expect(partitions.filter((name) => !doc.includes(`\`${name}`))).toEqual([]);
  });
});
