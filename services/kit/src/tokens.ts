export const SERVICE_ENV = Symbol('SERVICE_ENV');
export const LOGGER = Symbol('LOGGER');
export const PG_POOL = Symbol('PG_POOL');
export const DATABASE = Symbol('DATABASE');
export const REDIS = Symbol('REDIS');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const PROBES = Symbol('PROBES');
