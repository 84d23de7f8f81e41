export * from './product';
export * from './requests';
export * from './events';
