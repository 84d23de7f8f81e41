export * from './subjects';
export * from './envelope';
export * from './errors';
export * from './health';
export * from './bus';
export * from './untrusted';
export * from './access';
export * from './event-payload';
