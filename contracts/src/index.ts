export * from './messages';
export * from './messaging';
export * from './catalog';
export * from './cart';
export * from './rules';
export * from './forms';
export * from './storefront';
export * from './geo';
