#!/usr/bin/env node
// The image's entry point: runs one process of the product by name, in this process (signals reach it directly).
//   node deploy/docker/run.js <gateway | catalog | pharm | … | stock-feed | notifications-sender>
// The names are those of deploy/local/stack.js (SERVICES, WORKERS and the gateway); a worker's Node flags go in
// NODE_OPTIONS (compose and the cluster set them), as a process cannot change its own heap once started.
'use strict';
const path = require('node:path');
const { SERVICES, WORKERS, entry } = require('../local/stack');

const names = [...SERVICES, ...Object.keys(WORKERS), 'gateway'];
const name = process.argv[2];
if (!names.includes(name)) {
  console.error(`usage: run.js <${names.join(' | ')}>`);
  process.exit(2);
}
require(path.resolve(__dirname, '../..', entry(name)));
