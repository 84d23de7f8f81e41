export * from './events';
export * from './orders';
export * from './documents';
export * from './analytics';
export * from './order-status-texts';
export * from './business-orders';
