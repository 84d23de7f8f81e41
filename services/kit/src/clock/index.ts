export * from './clock';
export * from './repeat';
