import type { FacetCount } from '../storefront/responses';

/**
 * Companies are an open set (no list to check an address against), so the lists answer for them: the companies
 * facet also lists, with 0, each asked-for company that the list's scope has (the catalogue, a tag's products, a
 * pharmacy's published offers) but that the other filters leave out. An asked-for company the facet does not list
 * is one the scope does not know, and the page drops it from its address (`knownCompanies`).
 */
export function withNamedCompanies(facet: FacetCount[], named: ReadonlySet<string>): FacetCount[] {
  const missing = [...named].filter((value) => !facet.some((f) => f.value === value)).sort();
  return missing.length ? [...facet, ...missing.map((value) => ({ value, count: 0 }))] : facet;
}

/** The asked-for companies a list's answer knows (see `withNamedCompanies`), in the order asked. */
export function knownCompanies(asked: readonly string[], facet: readonly FacetCount[]): string[] {
  return asked.filter((value) => facet.some((f) => f.value === value));
}
