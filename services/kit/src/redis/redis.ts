import Redis from 'ioredis';

export function createRedis(url: string, name: string): Redis {
  return new Redis(url, { connectionName: name, maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
