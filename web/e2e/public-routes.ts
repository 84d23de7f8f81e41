/** A page to open: its name (in screenshots and findings), its path, and a selector its content shows by. */
export type PageToOpen = [name: string, path: string, ready: string];

/** What the public pages show, from the data set the stack runs on. */
export interface PublicData {
  product: string;
  /** The selector the product page's content shows by. */
  productReady: string;
  pharm: string;
  offerId: number;
  tag: string;
  term: string;
}

/** Every public page of spec 2.1, and /cart. */
export const publicPages = (data: PublicData): PageToOpen[] => [
  ['home', '/', 'h1'],
  ['products', '/products', '.card-list .card'],
  ['product', `/products/${data.product}`, data.productReady],
  ['pharms', '/pharms', '.pharm-card'],
  ['pharm', `/pharms/${data.pharm}`, '.pharm-product-card'],
  ['pharm-embed', `/pharms/${data.pharm}/embed`, '.pharm-product-card'],
  ['pharm-product', `/pharms/${data.pharm}/products/${data.offerId}`, '.pharm-product-detail'],
  ['discounts', '/discounts', '.card-list .card'],
  ['tag', `/tags/${data.tag}`, 'h1'],
  ['search', `/search?term=${encodeURIComponent(data.term)}`, '.card'],
  ['faq', '/faq', 'button.faq-toggle'],
  ['accessibility', '/accessibility', 'h1'],
  ['privacy-policy', '/privacy-policy', 'h1'],
  ['terms-of-use', '/terms-of-use', 'h1'],
  ['social', '/social-auto-updates', 'h1'],
  ['cart-empty', '/cart', '.cart-empty'],
  ['not-found', '/no-such-page', 'h1'],
];
