#!/usr/bin/env node
// Writes deploy/nats/permissions.json from the typed bus (contracts/src/messaging/access.ts: busPermissions), from
// the built contracts: `npm run nats:permissions` builds them first. A test fails while the file and the map differ.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { busPermissions } = require('../../contracts/dist/messaging/access');

const file = path.join(__dirname, 'permissions.json');
fs.writeFileSync(file, `${JSON.stringify(busPermissions(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), file)}`);
