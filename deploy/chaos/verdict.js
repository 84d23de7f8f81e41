// What `make chaos` concludes from what it saw (deploy/chaos/chaos.js): pure functions over the requests' records,
// the faults' times and the rows read back, so that the rules of the verdict are tested on their own (verdict.spec.ts).
'use strict';

/** The longest a route needing a restarted process may keep failing after the process is ready again. */
const RECOVERY_BUDGET_MS = 5000;

/** A request failed: no answer, or a 5xx. A 4xx is an answer (a refusal the patient can read), not a failure. */
const failed = (r) => r.status === 0 || r.status >= 500;
const overlaps = (r, from, to) => r.start < to && r.end > from;

/**
 * One fault's requests: those answered from its kill until the next fault's (`until`, default its window's `end`), so a
 * request under way when the next fault struck is that fault's. `fault`: `{ name, service?, node?, killedAt, startedAt,
 * readyAt, end, until? }` where `service` is the service a route must need to be allowed the Hebrew 503 (none for a
 * worker; the relay's process kill counts as its service's; a NATS node, `node: true`, is needed by no route). Answers
 * the failures of routes that do not need it (must be none), the needing routes' failures that were not the Hebrew 503
 * (must be none), the Hebrew 503s, and the recovery: from the process's readiness to the last request of a route
 * needing it that was asked and failed (a request under way at the kill waits its timeout, which is not recovery).
 */
function judgeFault(fault, requests) {
  const until = fault.until ?? fault.end;
  const during = requests.filter((r) => r.end > fault.killedAt && r.end <= until);
  const needs = (r) => fault.service !== undefined && r.needs.includes(fault.service);
  // A NATS node's death loses the messages passing through it: a write under way then (never asked again: it may have
  // been received) answers the Hebrew 503; anything asked after the death must not fail.
  const lostInFlight = (r) => fault.node === true && r.start < fault.killedAt && r.unavailable;
  const inFlight = during.filter((r) => failed(r) && !needs(r) && lostInFlight(r));
  const elsewhere = during.filter((r) => failed(r) && !needs(r) && !lostInFlight(r));
  const needing = during.filter((r) => failed(r) && needs(r));
  const notHebrew503 = needing.filter((r) => !(r.status === 503 && r.unavailable));
  const recoveryMs = Math.max(fault.readyAt, ...needing.map((r) => r.start)) - fault.readyAt;
  return {
    name: fault.name,
    requests: during.length,
    unavailable: needing.length - notHebrew503.length + inFlight.length,
    lostInFlight: inFlight.length,
    failedElsewhere: elsewhere.length,
    failedOtherwise: notHebrew503.length,
    downMs: fault.startedAt - fault.killedAt,
    startMs: fault.readyAt - fault.startedAt,
    recoveryMs,
    ok: elsewhere.length === 0 && notHebrew503.length === 0 && recoveryMs <= RECOVERY_BUDGET_MS,
    examples: [...elsewhere, ...notHebrew503].slice(0, 3).map((r) => `${r.route} ${r.status || 'no answer'}`),
  };
}

/** The rolling restart's window: no request may fail at all. */
function judgeRolling(window, requests) {
  const during = requests.filter((r) => overlaps(r, window.start, window.end));
  const failures = during.filter(failed);
  return { name: window.name, requests: during.length, failures: failures.length, ok: failures.length === 0, examples: failures.slice(0, 3).map((r) => `${r.route} ${r.status || 'no answer'}`) };
}

/**
 * Orders: each checkout attempt (its own note on the order, so a retry of it is recognised) against the batches stored
 * for it. Lost: the patient was told it was placed and no batch holds it. Doubled: two batches for one attempt. An
 * attempt whose every answer was lost but that was placed is shown in the patient's orders, as it would be.
 */
function judgeOrders(attempts, batchesByAttempt) {
  let lost = 0;
  let doubled = 0;
  let placedUnanswered = 0;
  for (const a of attempts) {
    const stored = batchesByAttempt.get(a.key) ?? 0;
    if (a.confirmed && stored === 0) lost++;
    if (stored > 1) doubled++;
    if (!a.confirmed && stored === 1) placedUnanswered++;
  }
  const confirmed = attempts.filter((a) => a.confirmed).length;
  const refused = attempts.filter((a) => a.refused).length;
  return { attempts: attempts.length, confirmed, refused, stored: [...batchesByAttempt.values()].reduce((s, n) => s + n, 0), lost, doubled, placedUnanswered, ok: lost === 0 && doubled === 0 };
}

/**
 * The placed batches' events, read back from their effects: pharm confirmed each batch's reservation, order opened each
 * order, notifications stored and sent one confirmation per batch and one notice per pharmacy order; and the stock of
 * every offer fell by exactly what the placed orders took (a batch applied twice would take twice; one lost, nothing).
 * `batches`: `[{ uid, reservation, orders: [{ status, pharmacyEmails, hasOrderEmail }], confirmations: [{ status }] }]`;
 * `stock`: `[{ offer, before, after, ordered }]` for the offers that keep an amount.
 */
function judgeEvents(batches, stock) {
  const notConfirmedInPharm = batches.filter((b) => b.reservation !== 'confirmed').length;
  const notOpened = batches.filter((b) => b.orders.some((o) => o.status === 'new')).length;
  const confirmationsMissing = batches.filter((b) => b.confirmations.length === 0).length;
  const confirmationsTwice = batches.filter((b) => b.confirmations.length > 1).length;
  const notSent = batches.filter((b) => b.confirmations.some((c) => c.status !== 'sent') || b.orders.some((o) => o.pharmacyEmails.some((s) => s !== 'sent'))).length;
  const pharmacyNoticesWrong = batches.filter((b) => b.orders.some((o) => o.pharmacyEmails.length !== (o.hasOrderEmail ? 1 : 0))).length;
  const stockWrong = stock.filter((s) => s.before - s.after !== s.ordered);
  const lost = notConfirmedInPharm + notOpened + confirmationsMissing + stockWrong.filter((s) => s.before - s.after < s.ordered).length;
  const twice = confirmationsTwice + stockWrong.filter((s) => s.before - s.after > s.ordered).length;
  return {
    batches: batches.length,
    notConfirmedInPharm, notOpened, confirmationsMissing, confirmationsTwice, notSent, pharmacyNoticesWrong,
    offersChecked: stock.length, stockWrong: stockWrong.length,
    lost, twice,
    ok: lost === 0 && twice === 0 && notSent === 0 && pharmacyNoticesWrong === 0,
    examples: stockWrong.slice(0, 3).map((s) => `offer ${s.offer}: ${s.before} → ${s.after}, ordered ${s.ordered}`),
  };
}

module.exports = { RECOVERY_BUDGET_MS, failed, judgeFault, judgeRolling, judgeOrders, judgeEvents };
