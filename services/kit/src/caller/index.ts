export * from './access-token';
export * from './caller';
export * from './identity-keys';
export * from './nats-identity-keys';
export * from './token-versions';
