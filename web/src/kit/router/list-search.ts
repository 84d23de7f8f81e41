/** A page number from the address: whole and above 1, or none (page 1). */
export const pageParam = (raw: unknown): number | undefined => {
  const page = Number(raw);
  return Number.isInteger(page) && page > 1 && page <= 10_000 ? page : undefined;
};

/** A search box's text from the address (trimmed, at most 100 characters), or none. */
export const searchParam = (raw: unknown): string | undefined =>
  typeof raw === 'string' && raw.trim() ? raw.trim().slice(0, 100) : undefined;

/** An id in the address (a row to edit, a product to show), or none. */
export const idParam = (raw: unknown): number | undefined => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

/** The search and page of a back-office list (`?search&page`). */
export interface ListSearch {
  page?: number;
  search?: string;
}

export const listSearch = (raw: Record<string, unknown>): ListSearch => ({ page: pageParam(raw.page), search: searchParam(raw.search) });
