import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';

/** How long a lost listening connection waits before it is opened again. */
const RECONNECT_MS = 1000;

/**
 * Calls `onSignal` at each PostgreSQL notification on `channel` (LISTEN on a connection of its own from `pool`), and
 * once whenever the connection is lost (what was notified meanwhile is unknown), opening it again a second later.
 * Returns the stop. Channels are ours (a schema's name and a fixed suffix), never a caller's text.
 */
export async function listenTo(pool: Pool, channel: string, onSignal: () => void, logger: Logger): Promise<() => Promise<void>> {
  let client: PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const reopen = (): void => {
    if (stopped) return;
    retry = setTimeout(() => void open().catch((err: unknown) => {
      logger.warn({ err, channel }, 'notification listener not opened again; trying again');
      reopen();
    }), RECONNECT_MS);
  };
  const open = async (): Promise<void> => {
    const connected = await pool.connect();
    if (stopped) return connected.release();
    client = connected;
    connected.on('notification', (message) => {
      if (message.channel === channel) onSignal();
    });
    connected.on('error', (err) => {
      logger.warn({ err, channel }, 'notification listener failed; listening again');
      connected.release(err);
      client = undefined;
      onSignal();
      reopen();
    });
    await connected.query(`LISTEN ${channel}`);
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const listening = client;
    client = undefined;
    if (!listening) return;
    await listening.query(`UNLISTEN ${channel}`).catch(() => undefined);
    listening.release();
  };
}
