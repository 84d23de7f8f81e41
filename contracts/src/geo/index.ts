export * from './localities';
