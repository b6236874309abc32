import { describe, expect, it } from 'vitest';
import { FIELD_TEXTS, id, idParam, isCleanText, isPersonName, PG_INTEGER_MAX, personName } from './fields.ts';

describe('person names', () => {
  it.each([
    'Łukasz Nowak-李',
    "O'Brien",
    'Zoë',
    'José María',
    'Nguyễn Văn An',
    'محمد',
    'Ærøskøbing',
    'Mary-Jane',
  ])('accepts %s', (name) => {
    expect(isPersonName(name)).toBe(true);
    expect(personName('First name').parse(` ${name} `)).toBe(name);
  });

  it.each([
    ['NUL', 'Al\u0000ex'],
    ['escape', 'Alex\u001b[31m'],
    ['C1 control', 'Alex\u0085'],
    ['zero-width space', 'Al\u200Bex'],
    ['zero-width joiner', 'Al\u200Dex'],
    ['right-to-left mark', '\u200FAlex'],
    ['right-to-left override', '\u202Exela'],
    ['left-to-right embedding', '\u202AAlex'],
    ['word joiner', 'Al\u2060ex'],
    ['invisible times', 'Al\u2062ex'],
    ['first strong isolate', '\u2068Alex'],
    ['byte-order mark', 'Al\uFEFFex'],
    ['line break', 'Alex\nSmith'],
    ['lone surrogate', 'Alex\uD800'],
  ])('refuses a name with a %s', (_, name) => {
    expect(isPersonName(name)).toBe(false);
    const result = personName('First name').safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(FIELD_TEXTS.invalid('First name'));
  });

  it('refuses over-long names with the length text', () => {
    const result = personName('Guest name').safeParse('a'.repeat(101));
    expect(result.error?.issues[0]?.message).toBe(FIELD_TEXTS.tooLong('Guest name', 100));
  });
});

describe('text and ids', () => {
  it('clean text allows tabs and line breaks but no other control characters', () => {
    expect(isCleanText('line one\nline two\ttab')).toBe(true);
    expect(isCleanText('a\u0000b')).toBe(false);
    expect(isCleanText('a\u007Fb')).toBe(false);
  });

  it('ids run from 1 to the largest PostgreSQL integer', () => {
    expect(idParam.parse('2147483647')).toBe(PG_INTEGER_MAX);
    for (const bad of ['2147483648', '0', '-1', '1.5', 'NaN', '1e400', '']) {
      expect(idParam.safeParse(bad).success, bad).toBe(false);
    }
    expect(id.safeParse(2 ** 31).success).toBe(false);
    expect(id.safeParse('1').success).toBe(false);
    expect(id.parse(1)).toBe(1);
  });
});
