import { DEAD_LETTER_STREAM, eventSubjectPrefix, streamName, type ServiceName } from '@mc/contracts';
import { type JetStreamManager, nanos, RetentionPolicy, StorageType } from 'nats';

/** Dedupe window of JetStream: a relay that republishes a row within it is ignored by the stream. */
export const DUPLICATE_WINDOW_MS = 2 * 60_000;

const HOUR_MS = 3600_000;
/**
 * How long a stream keeps its events. Identity's carry only references to secrets that live minutes, and ask for work
 * done at once: hours are plenty. The others' events rebuild read models and are kept for a month.
 */
export const STREAM_MAX_AGE_MS: Record<ServiceName, number> = {
  identity: 6 * HOUR_MS,
  catalog: 30 * 24 * HOUR_MS,
  pharm: 30 * 24 * HOUR_MS,
  cart: 30 * 24 * HOUR_MS,
  order: 30 * 24 * HOUR_MS,
  'shipping-quote': 30 * 24 * HOUR_MS,
  notifications: 30 * 24 * HOUR_MS,
};

/**
 * Creates (or keeps) `service`'s event stream `EVT_<SERVICE>` over `evt.<service>.>`, in `replicas` copies. Its own
 * service (`own`) also brings an existing stream's retention and copies to today's; a consumer only creates a missing one (the bus lets it do no more).
 */
export async function ensureStream(jsm: JetStreamManager, service: ServiceName, own = true, replicas = 1): Promise<string> {
  const name = streamName(service);
  const config = {
    name,
    num_replicas: replicas,
    subjects: [`${eventSubjectPrefix(service)}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(STREAM_MAX_AGE_MS[service]),
  };
  let existing;
  try {
    existing = await jsm.streams.info(name);
  } catch {
    await jsm.streams.add(config);
    return name;
  }
  if (own && (existing.config.max_age !== config.max_age || existing.config.num_replicas !== replicas)) {
    await jsm.streams.update(name, { max_age: config.max_age, num_replicas: replicas });
  }
  return name;
}

/** How long a dead letter waits for an operator (the on-call alert fires on the first). */
export const DEAD_LETTER_MAX_AGE_MS = 30 * 24 * HOUR_MS;

/** Creates (or keeps) the stream of dead letters, `DLQ` over `dlq.>`: every consumer's, kept a month, on file. */
export async function ensureDeadLetterStream(jsm: JetStreamManager, replicas = 1): Promise<void> {
  try {
    await jsm.streams.info(DEAD_LETTER_STREAM);
  } catch {
    await jsm.streams.add({
      name: DEAD_LETTER_STREAM, subjects: ['dlq.>'], num_replicas: replicas, storage: StorageType.File, retention: RetentionPolicy.Limits,
      max_age: nanos(DEAD_LETTER_MAX_AGE_MS), duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    }).catch(async (err: unknown) => {
      // Another consumer made it in the meantime.
      if (!(await jsm.streams.info(DEAD_LETTER_STREAM).then(() => true, () => false))) throw err;
    });
  }
}
