import { DEAD_LETTER_STREAM } from '@mc/contracts';
import { connect, headers as natsHeaders, type JetStreamManager, type NatsConnection, type StoredMsg } from 'nats';
import { loadEnv, NatsEnv } from '../config/env';
import { natsConnectionOptions } from '../nats/connection';

/** A dead letter as an operator sees it: where it came from and why, never its payload (it may hold personal data). */
export interface DeadLetter {
  seq: number;
  at: string;
  consumer: string;
  reason: string;
  attempts: number;
  subject: string;
  eventId: string | null;
  type: string | null;
}

function describe(msg: StoredMsg): DeadLetter {
  let envelope: { eventId?: unknown; type?: unknown } = {};
  try {
    envelope = msg.json();
  } catch {
    // An unreadable message: its headers say enough.
  }
  const header = (name: string) => msg.header?.get(name) ?? '';
  return {
    seq: msg.seq,
    at: msg.time.toISOString(),
    consumer: header('x-consumer') || msg.subject.replace(/^dlq\./, ''),
    reason: header('x-reason') || 'unknown',
    attempts: Number(header('x-attempts') || 0),
    subject: header('x-original-subject'),
    eventId: typeof envelope?.eventId === 'string' ? envelope.eventId : null,
    type: typeof envelope?.type === 'string' ? envelope.type : null,
  };
}

/** The dead letters kept, oldest first (at most `limit`, the newest ones). */
export async function listDeadLetters(jsm: JetStreamManager, limit = 100): Promise<DeadLetter[]> {
  // No stream yet: no consumer has run, so none has given up on anything.
  const info = await jsm.streams.info(DEAD_LETTER_STREAM).catch((err: Error) => { if (/stream not found/i.test(err.message)) return undefined; throw err; });
  if (!info) return [];
  const { state } = info;
  const letters: DeadLetter[] = [];
  for (let seq = Math.max(state.first_seq, state.last_seq - limit * 4 + 1); seq <= state.last_seq && state.messages > 0; seq++) {
    const msg = await jsm.streams.getMessage(DEAD_LETTER_STREAM, { seq }).catch(() => undefined);
    if (msg) letters.push(describe(msg));
  }
  return letters.slice(-limit);
}

/**
 * Publishes a dead letter again to its own subject, in its publisher's stream: every consumer of the subject gets it
 * once more (those that handled it skip it by their inbox), then it leaves the dead letters.
 */
export async function replayDeadLetter(nc: NatsConnection, seq: number): Promise<DeadLetter> {
  const jsm = await nc.jetstreamManager({ checkAPI: false });
  const msg = await jsm.streams.getMessage(DEAD_LETTER_STREAM, { seq });
  const letter = describe(msg);
  if (!letter.subject.startsWith('evt.')) throw new Error(`dead letter ${seq} names no event subject`);
  const h = natsHeaders();
  // A message id of its own: the publisher's stream would take the event's own id, within its dedupe window, as a duplicate.
  h.set('Nats-Msg-Id', `replay-${letter.eventId ?? 'unreadable'}-${seq}`);
  await nc.jetstream().publish(letter.subject, msg.data, { headers: h });
  await jsm.streams.deleteMessage(DEAD_LETTER_STREAM, seq, false);
  return letter;
}

/** Drops a dead letter for good. */
export async function dropDeadLetter(jsm: JetStreamManager, seq: number): Promise<void> {
  await jsm.streams.deleteMessage(DEAD_LETTER_STREAM, seq, false);
}

const USAGE = 'usage: npm run dead-letters -- list [limit] | replay <seq>… | drop <seq>…  (NATS_URL, NATS_NKEY_SEED: the operator credential)';

/** `npm run dead-letters -- list | replay <seq> | drop <seq>`, as the operator (the bus lets this credential do no more). */
async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  const seqs = rest.map(Number);
  if (!['list', 'replay', 'drop'].includes(command) || (command !== 'list' && (seqs.length === 0 || seqs.some((s) => !Number.isInteger(s) || s < 1)))) {
    throw new Error(USAGE);
  }
  const env = loadEnv(NatsEnv, process.env);
  const nc = await connect({ ...natsConnectionOptions('operator', env, 'operator-dead-letters'), maxReconnectAttempts: 0 });
  try {
    const jsm = await nc.jetstreamManager({ checkAPI: false });
    if (command === 'list') {
      const letters = await listDeadLetters(jsm, seqs[0] || 100);
      console.log(letters.length ? letters.map((l) => JSON.stringify(l)).join('\n') : 'no dead letters');
      return;
    }
    for (const seq of seqs) {
      if (command === 'replay') console.log(`replayed ${JSON.stringify(await replayDeadLetter(nc, seq))}`);
      else { await dropDeadLetter(jsm, seq); console.log(`dropped ${seq}`); }
    }
  } finally {
    await nc.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
