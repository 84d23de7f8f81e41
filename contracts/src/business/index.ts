export * from './messages';
export * from './common';
export * from './info';
export * from './orders';
export * from './products';
export * from './discounts';
export * from './shipments';
export * from './announcements';
