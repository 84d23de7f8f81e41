// Apart from the company's DTOs (index.ts): the web's console checks periods with it, in a module of the storefront's
// first load, which takes no class-validator (as storefront/query.ts).

/** The longest period of stock history and prices report one call covers (days). */
export const COMPANY_HISTORY_MAX_DAYS = 731;
