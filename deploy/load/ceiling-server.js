// The ceiling of `make bench`: the least an HTTP answer of this size costs on this machine. It answers the
// scenario's own bodies (the files given, in turn: one for the repeated variant, a sample of the answers for the
// diverse one), not filler: autocannon's parsing cost depends on the bytes, so 188 kB of 'x' would be a ceiling
// six times higher than 188 kB of Hebrew JSON.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const bodies = process.argv.slice(2).map((file) => fs.readFileSync(file));
let next = 0;
const server = http.createServer((_req, res) => {
  const body = bodies[next++ % bodies.length];
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
