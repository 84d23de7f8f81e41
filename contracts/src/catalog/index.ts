export * from './product';
export * from './requests';
