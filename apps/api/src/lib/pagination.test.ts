import { describe, expect, it } from 'vitest';
import { paginate } from './pagination.ts';

describe('paginate', () => {
  it('numbers the records of each page (14 records, 10 a page)', () => {
    expect(paginate({ page: 1, perPage: 10, totalRecords: 14 })).toEqual({
      offset: 0,
      limit: 10,
      pagination: {
        current_page: 1,
        total_pages: 2,
        total_records: 14,
        first_record_on_current_page: 1,
        last_record_on_current_page: 10,
      },
    });
    expect(paginate({ page: 2, perPage: 10, totalRecords: 14 }).pagination).toMatchObject({
      current_page: 2,
      first_record_on_current_page: 11,
      last_record_on_current_page: 14,
    });
  });

  it('has one empty page when there is nothing, and an empty page past the end', () => {
    expect(paginate({ page: 1, perPage: 10, totalRecords: 0 }).pagination).toEqual({
      current_page: 1,
      total_pages: 1,
      total_records: 0,
      first_record_on_current_page: 0,
      last_record_on_current_page: 0,
    });
    expect(paginate({ page: 3, perPage: 10, totalRecords: 20 }).pagination).toMatchObject({
      total_pages: 2,
      first_record_on_current_page: 0,
      last_record_on_current_page: 0,
    });
  });

  it('keeps its invariants for every size', () => {
    for (let total = 0; total <= 35; total++) {
      for (const perPage of [1, 3, 10, 50]) {
        const { pagination } = paginate({ page: 1, perPage, totalRecords: total });
        let seen = 0;
        for (let page = 1; page <= pagination.total_pages; page++) {
          const p = paginate({ page, perPage, totalRecords: total }).pagination;
          const count =
            p.last_record_on_current_page -
            p.first_record_on_current_page +
            (p.first_record_on_current_page ? 1 : 0);
          expect(count).toBeLessThanOrEqual(perPage);
          if (p.first_record_on_current_page) expect(p.first_record_on_current_page).toBe(seen + 1);
          seen += count;
        }
        expect(seen).toBe(total);
      }
    }
  });
});
