// The ceiling of `make bench`: the least an HTTP answer of this size costs on this machine.
'use strict';
const http = require('node:http');
const body = Buffer.alloc(Number(process.argv[2]) || 1, 'x');
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
