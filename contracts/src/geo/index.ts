export * from './localities';
export * from './address-search';
