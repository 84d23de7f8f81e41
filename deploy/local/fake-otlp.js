// A local stand-in for an OpenTelemetry collector (OTLP over HTTP, JSON): keeps the spans the processes send, for the
// tests to read back by trace id (GET /spans?traceId=…). The e2e stack points every process at it.
'use strict';
const http = require('node:http');

/** An id as hex (the JSON encoding sends hex; base64 when a sender follows protobuf's JSON mapping). */
const hexId = (id) => (typeof id === 'string' && /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(String(id ?? ''), 'base64').toString('hex'));

/** Starts the receiver on `port` (0: any); resolves `{ url, spans, close }`. */
function startFakeOtlp({ port = 0 } = {}) {
  const spans = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/v1/traces') {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          for (const rs of body.resourceSpans ?? []) {
            const service = (rs.resource?.attributes ?? []).find((a) => a.key === 'service.name')?.value?.stringValue;
            for (const ss of rs.scopeSpans ?? []) {
              for (const s of ss.spans ?? []) {
                spans.push({ service, name: s.name, kind: s.kind, traceId: hexId(s.traceId), spanId: hexId(s.spanId), parentSpanId: s.parentSpanId ? hexId(s.parentSpanId) : null });
              }
            }
          }
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } catch {
          res.writeHead(400).end();
        }
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/spans') {
      const traceId = url.searchParams.get('traceId');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(spans.filter((s) => !traceId || s.traceId === traceId)));
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => {
    const url = `http://127.0.0.1:${server.address().port}`;
    resolve({ url, spans, close: () => new Promise((done) => server.close(done)) });
  }));
}

module.exports = { startFakeOtlp };
