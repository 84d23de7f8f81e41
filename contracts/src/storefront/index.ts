export * from './query';
export * from './responses';
export * from './geo';
export * from './search-text';
export * from './requests';
