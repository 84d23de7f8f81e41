export * from './cart';
export * from './discount';
export * from './dosage';
export * from './expiry';
export * from './israeli-id';
export * from './money';
export * from './patterns';
export * from './profile';
