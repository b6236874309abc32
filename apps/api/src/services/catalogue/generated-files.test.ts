import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueReferenceMarkdown, catalogueSchemaText } from './index.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');

describe('files generated from the catalogue schema', () => {
  // Editors validate catalogue files against the JSON Schema and operators read the reference: both must say what
  // the command accepts. After changing packages/contract/src/catalogue, run `npm run catalogue -- schema`.
  it('catalogue/catalogue.schema.json is up to date', async () => {
    expect(await readFile(path.join(root, 'catalogue/catalogue.schema.json'), 'utf8')).toBe(
      catalogueSchemaText(),
    );
  });

  it('docs/catalogue-reference.md is up to date', async () => {
    expect(await readFile(path.join(root, 'docs/catalogue-reference.md'), 'utf8')).toBe(
      catalogueReferenceMarkdown(),
    );
  });
});
