/**
 * Page maths for paginated lists (1-based pages). There is always at least one page; a page past the end is
 * empty, and its first and last record numbers are 0.
 */
export function paginate(input: { page: number; perPage: number; totalRecords: number }) {
  const perPage = Math.max(1, Math.floor(input.perPage));
  const page = Math.max(1, Math.floor(input.page));
  const total = Math.max(0, Math.floor(input.totalRecords));
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const offset = (page - 1) * perPage;
  const onPage = Math.max(0, Math.min(perPage, total - offset));
  return {
    offset,
    limit: perPage,
    pagination: {
      current_page: page,
      total_pages: totalPages,
      total_records: total,
      first_record_on_current_page: onPage > 0 ? offset + 1 : 0,
      last_record_on_current_page: onPage > 0 ? offset + onPage : 0,
    },
  };
}
