import { describe, expect, it } from 'vitest';
import type { DbTableFieldRow } from '../../db/schema';
import { planStructure, type SavedField } from './structure-plan';

const row = (name: string, extra: Partial<DbTableFieldRow> = {}): DbTableFieldRow => ({
  name,
  label: name.toUpperCase(),
  type: 'string',
  length: 100,
  default_value: null,
  is_unique: false,
  is_required: false,
  position: 0,
  ...extra,
});

const saved = (name: string, previousName: string | null = name): SavedField => ({
  field: row(name),
  previousName,
});

const names = (pairs: { before: DbTableFieldRow; after: DbTableFieldRow }[]) =>
  pairs.map(({ before, after }) => `${before.name}→${after.name}`);

describe('planStructure', () => {
  it('tells a rename from a removal and an addition by the name a field was loaded as', () => {
    const plan = planStructure(
      [row('mail'), row('nome'), row('cidade')],
      [saved('email', 'mail'), saved('nome'), saved('idade', null)],
    );
    expect(names(plan.renamed)).toEqual(['mail→email']);
    expect(names(plan.kept)).toEqual(['nome→nome']);
    expect(plan.added.map((field) => field.name)).toEqual(['idade']);
    expect(plan.removed.map((field) => field.name)).toEqual(['cidade']);
    expect(plan.fields.map((field) => [field.name, field.previous_names])).toEqual([
      ['email', ['mail']],
      ['nome', undefined],
      ['idade', undefined],
    ]);
  });

  it('without loaded names, fields match by name: a different name is a removal and an addition', () => {
    const plan = planStructure([row('mail')], [saved('email', null)]);
    expect(plan.renamed).toEqual([]);
    expect(plan.added.map((field) => field.name)).toEqual(['email']);
    expect(plan.removed.map((field) => field.name)).toEqual(['mail']);
  });

  it('swaps two names, and a new field may take a renamed one’s old name', () => {
    const swap = planStructure([row('a'), row('b')], [saved('b', 'a'), saved('a', 'b')]);
    expect(names(swap.renamed)).toEqual(['a→b', 'b→a']);
    // Each name is now a real field: neither keeps the other's as a former name.
    expect(swap.fields.map((field) => field.previous_names)).toEqual([undefined, undefined]);

    const reuse = planStructure([row('mail')], [saved('email', 'mail'), saved('mail', null)]);
    expect(names(reuse.renamed)).toEqual(['mail→email']);
    expect(reuse.added.map((field) => field.name)).toEqual(['mail']);
    expect(reuse.fields[0]!.previous_names).toBeUndefined();
  });

  it('an editor opened before a rename reaches the field by the name it had', () => {
    const stored = [row('email', { previous_names: ['mail'] })];
    const plan = planStructure(stored, [saved('correio', 'mail')]);
    expect(names(plan.renamed)).toEqual(['email→correio']);
    expect(plan.fields[0]!.previous_names).toEqual(['email', 'mail']);
    expect(plan.removed).toEqual([]);
  });

  it('keeps former names across renames, newest first, and at most 20', () => {
    const history = Array.from({ length: 25 }, (_, i) => `n${i}`);
    const plan = planStructure(
      [row('atual', { previous_names: history })],
      [saved('novo', 'atual')],
    );
    expect(plan.fields[0]!.previous_names).toEqual(['atual', ...history.slice(0, 19)]);
  });
});
