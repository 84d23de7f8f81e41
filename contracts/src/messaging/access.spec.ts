import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_PROCESSES, BUS_PROCESSES, busPermissions, EventConsumerRoutes, publisherOf, RequestCallers, serverOf } from './access';
import { EventRoutes, RequestRoutes, type RequestSubject } from './bus';
import { Subjects } from './subjects';

const PERMISSIONS_FILE = join(__dirname, '../../../deploy/nats/permissions.json');

describe('the bus’s permissions', () => {
  const permissions = busPermissions();

  it('are the generated file the NATS servers run (npm run nats:permissions writes it again)', () => {
    expect(JSON.parse(readFileSync(PERMISSIONS_FILE, 'utf8'))).toEqual(permissions);
  });

  it('give every request subject its service as the only listener and at least one caller', () => {
    for (const subject of Object.keys(RequestRoutes) as RequestSubject[]) {
      const listeners = BUS_PROCESSES.filter((p) => permissions[p].subscribe.includes(subject));
      expect([subject, listeners]).toEqual([subject, [serverOf(subject)]]);
      const callers = BUS_PROCESSES.filter((p) => permissions[p].publish.includes(subject));
      expect([subject, callers.sort()]).toEqual([subject, [...RequestCallers[subject]].sort()]);
      if (subject !== Subjects.pharm.pharmProductUpdate) expect([subject, callers.length > 0]).toEqual([subject, true]);
    }
  });

  it('let an event be published by its own service alone, and no process subscribe to events or wildcards but its inbox', () => {
    for (const event of Object.keys(EventRoutes)) {
      expect([event, APP_PROCESSES.filter((p) => permissions[p].publish.includes(event))]).toEqual([event, [publisherOf(event)]]);
    }
    for (const p of BUS_PROCESSES) {
      expect(permissions[p].subscribe.filter((s) => s.includes('>') || s.includes('*'))).toEqual([`_INBOX_${p}.>`]);
      const deletes = p === 'operator' ? ['$JS.API.STREAM.MSG.DELETE.DLQ'] : [];
      expect(permissions[p].publish.filter((s) => s === '>' || s.startsWith('$JS.API.>') || s.includes('DELETE') || s.includes('PURGE'))).toEqual(deletes);
    }
  });

  it("give the operators' tools the dead letters and the events' own subjects (a replay), and nothing else", () => {
    const { publish, subscribe, allowResponses } = permissions.operator;
    expect(publish.filter((s) => s.startsWith('$JS'))).toEqual(['$JS.API.STREAM.INFO.DLQ', '$JS.API.STREAM.MSG.DELETE.DLQ', '$JS.API.STREAM.MSG.GET.DLQ']);
    expect(publish.filter((s) => !s.startsWith('$JS')).sort()).toEqual(Object.keys(EventRoutes).sort());
    expect({ subscribe, allowResponses }).toEqual({ subscribe: ['_INBOX_operator.>'], allowResponses: false });
  });

  it('keep identity’s keys to identity and the secrets and notices to notifications', () => {
    expect(BUS_PROCESSES.filter((p) => permissions[p].subscribe.includes(Subjects.identity.keysGet))).toEqual(['identity']);
    for (const subject of [Subjects.identity.deliverySecretGet, Subjects.identity.deliverySecretForget, Subjects.order.noticeGet, Subjects.order.documentsFinish]) {
      expect(RequestCallers[subject]).toEqual(['notifications']);
    }
    expect(RequestCallers[Subjects.identity.googleSignIn]).toEqual(['gateway']);
  });

  it('list each durable consumer for its own service on its publisher’s stream', () => {
    for (const [durable, route] of Object.entries(EventConsumerRoutes)) {
      expect(permissions[route.by].publish).toContain(`$JS.API.CONSUMER.MSG.NEXT.EVT_${publisherOf(route.filter).toUpperCase()}.${durable}`);
      expect(Object.keys(EventRoutes).some((e) => e.startsWith(`evt.${publisherOf(route.filter)}.`))).toBe(true);
    }
  });
});
