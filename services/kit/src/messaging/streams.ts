import { eventSubjectPrefix, streamName, type ServiceName } from '@mc/contracts';
import { type JetStreamManager, nanos, RetentionPolicy, StorageType } from 'nats';

/** Dedupe window of JetStream: a relay that republishes a row within it is ignored by the stream. */
export const DUPLICATE_WINDOW_MS = 2 * 60_000;

/** Creates (or keeps) the service's event stream `EVT_<SERVICE>` over `evt.<service>.>`. */
export async function ensureStream(jsm: JetStreamManager, service: ServiceName): Promise<string> {
  const name = streamName(service);
  const config = {
    name,
    subjects: [`${eventSubjectPrefix(service)}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(30 * 24 * 3600_000),
  };
  try {
    await jsm.streams.info(name);
  } catch {
    await jsm.streams.add(config);
  }
  return name;
}
