export * from './quote';
export * from './localities';
export * from './address-search';
export * from './shipments';
