export * from '../pharm-products/offer-view';
