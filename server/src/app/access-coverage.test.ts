import fs from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { OPERATION_LABELS } from '#shared/audit.js';
import { accessOf } from '../common/access.js';
import { repoPath } from '../common/repo-root.js';
import { createResolvers } from './resolvers.js';
import type { Services } from './services.js';

const schema = buildSchema(fs.readFileSync(repoPath('schema.graphql'), 'utf8'));

/** Services that are never called: building the resolver maps only keeps references to them. */
function inertServices(): Services {
  const inert: unknown = new Proxy(function () {}, {
    get: (_t, key) => (key === 'then' ? undefined : inert),
    apply: () => inert,
  });
  return inert as Services;
}

const resolvers = createResolvers(inertServices()) as Record<string, Record<string, unknown>>;

describe('every GraphQL root field declares its access (no default allow)', () => {
  for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
    it(`${root.name}: open, staffOnly(permission) or signedInStaff on each field`, () => {
      const undeclared = Object.keys(root.getFields()).filter((field) => !accessOf(resolvers[root.name]?.[field]));
      expect(undeclared).toEqual([]);
    });
  }

  it('staff fields are the ones named staff* (and `me`): a public field never needs a token', () => {
    for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const field of Object.keys(root.getFields())) {
        const access = accessOf(resolvers[root.name]?.[field]);
        const staffName = field === 'me' || field.startsWith('staff');
        expect({ field, staff: access?.kind === 'staff' }).toEqual({ field, staff: staffName });
      }
    }
  });

  it('every staff mutation has a Spanish label for the activity log', () => {
    const missing = Object.keys(schema.getMutationType()!.getFields()).filter(
      (field) => accessOf(resolvers.Mutation?.[field])?.kind === 'staff' && !OPERATION_LABELS[field],
    );
    expect(missing).toEqual([]);
  });

  it('fails for a field without a declaration', () => {
    expect(accessOf(() => null)).toBeUndefined();
  });
});
