import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import { KNOWN_OPERATION_NAMES } from './graphql-operations.js';

const clientDir = path.join(import.meta.dirname, '..', 'client', 'src');

function documentOperationNames(): string[] {
  const names: string[] = [];
  for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.graphql')) continue;
    const document = parse(fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    for (const definition of document.definitions)
      if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) names.push(definition.name.value);
  }
  return names.sort();
}

describe('known GraphQL operation names', () => {
  it('are exactly the operations of the client documents', () => {
    expect([...KNOWN_OPERATION_NAMES].sort()).toEqual(documentOperationNames());
  });
});
