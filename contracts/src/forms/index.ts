export * from './address';
export * from './auth';
export * from './checkout';
export * from './contact';
export * from './decorators';
export * from './presence';
