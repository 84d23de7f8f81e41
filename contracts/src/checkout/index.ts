export * from './coupon';
export * from './discounts';
export * from './events';
export * from './orders';
export * from './shipping';
export * from './documents';
export * from './analytics';
export * from './stock';
