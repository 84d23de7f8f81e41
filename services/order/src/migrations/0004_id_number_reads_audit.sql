-- The ID-number readings recorded before the operator's console (issue 30) reach its record: one evt.order.audit.recorded
-- per row of id_number_reads, oldest first, written to the outbox exactly as the kit's OutboxWriter writes it (a v4 event
-- id, the bus's version 1, a correlation id; occurredAt and data.at the reading's time, in JavaScript's ISO form) and
-- published by the relay like any other event; identity's record takes each event once (its inbox, by event id).
-- Never the ID number: the order, its pharmacy's name, the reader and when. Readings made after this migration publish
-- their own event (business-orders.service.ts). The event id is made once per reading (a materialized CTE), so the
-- row's event_id and its envelope's eventId are the same.
WITH reads AS MATERIALIZED (
  SELECT r.id, r.order_id, r.user_id, o.pharm_name,
    to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
    gen_random_uuid() AS event_id, gen_random_uuid() AS correlation_id
  FROM "order"."id_number_reads" r JOIN "order"."orders" o ON o.id = r.order_id
)
INSERT INTO "order"."outbox" ("event_id", "subject", "envelope")
SELECT event_id, 'evt.order.audit.recorded', jsonb_build_object(
  'eventId', event_id,
  'type', 'evt.order.audit.recorded',
  'version', 1,
  'occurredAt', at,
  'correlationId', correlation_id,
  'data', jsonb_build_object(
    'action', 'order.id-number-read',
    'actorId', user_id,
    'targetKind', 'order',
    'targetId', order_id::text,
    'targetLabel', pharm_name,
    'at', at
  )
)
FROM reads
ORDER BY id;
