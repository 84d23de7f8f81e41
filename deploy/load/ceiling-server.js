// The ceiling of `make bench`: the least an HTTP answer of this size costs on this machine. It answers the
// scenario's own body (the file given), not filler: autocannon's parsing cost depends on the bytes, so
// 188 kB of 'x' would be a ceiling six times higher than 188 kB of Hebrew JSON.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const body = fs.readFileSync(process.argv[2]);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
