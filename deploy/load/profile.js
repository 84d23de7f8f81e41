#!/usr/bin/env node
// `make profile`: the whole stack under V8's CPU profiler (`--cpu-prof`), one part of `make bench` against it (the
// same BENCH_ONLY, BENCH_VARIANT and BENCH_SCENARIOS), then every process's profile summed up: the CPU time it used
// during the bench (start-up left out) and where it went, by package or source area and by function (self time). The profiles stay in
// artifacts/profiles/ for Chrome DevTools or speedscope.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { startStack, waitForReadModels } = require('../local/stack');

const ROOT = path.resolve(__dirname, '../..');
const OUT = path.join(ROOT, 'artifacts/profiles');
const PORT = Number(process.env.PORT || 8093);
const TOP = Number(process.env.PROFILE_TOP || 12);

/** Where a frame's code lives: a package of node_modules, Node itself, V8's own work, or a file of ours. */
function areaOf(frame) {
  const url = frame.url || '';
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(V8 / native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 13).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const local = url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '');
  return local.split('/').slice(0, local.startsWith('services/') ? 2 : 1).join('/') + ' (ours)';
}

/**
 * Self time per node of a .cpuprofile (samples × their intervals), summed by area and by function; only the samples
 * of the last `lastMs` of the profile (the bench's run: start-up is left out).
 */
function summarize(file, lastMs = Infinity) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const self = new Map();
  const from = profile.endTime - lastMs * 1000;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const us = profile.timeDeltas[i + 1] ?? 0;
    at += profile.timeDeltas[i];
    if (at < from) continue;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + us);
  }
  const byArea = new Map();
  const byFunction = new Map();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (!us) continue;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') { idle += us; continue; }
    total += us;
    const area = areaOf(frame);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} ${area}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: `${Math.round((100 * us) / total)}%` }));
  return { busyMs: Math.round(total / 1000), idleMs: Math.round(idle / 1000), areas: top(byArea), functions: top(byFunction) };
}

function runBench() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'bench.js')], {
      env: { ...process.env, BENCH_URL: `http://127.0.0.1:${PORT}` }, stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench.js exited with ${code}`))));
  });
}

async function main() {
  const run = path.join(OUT, new Date().toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(run, { recursive: true });
  // Every process of the stack writes its profile into `run` when it stops (SIGTERM: a clean exit).
  process.env.STACK_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${run}`;
  let benchStarted = Date.now();
  const stack = await startStack({ port: PORT, env: { LOG_LEVEL: 'warn', TRUSTED_PROXIES: 'loopback' } });
  try {
    await waitForReadModels(`http://127.0.0.1:${PORT}`);
    benchStarted = Date.now();
    await runBench();
  } finally {
    await stack.stop();
  }
  const lastMs = Date.now() - benchStarted;
  // A profile's file names its process id; the first frames of its script name the process.
  for (const file of fs.readdirSync(run).filter((f) => f.endsWith('.cpuprofile'))) {
    const full = path.join(run, file);
    const head = fs.readFileSync(full, 'utf8').slice(0, 200_000);
    const script = head.match(/"url":"file:\/\/[^"]*\/((?:gateway|services\/[\w-]+)\/dist\/(?:[\w-]+\/)?(?:main|worker)\.js)"/)?.[1] ?? file;
    const summary = summarize(full, lastMs);
    if (summary.busyMs < 200) continue;
    console.log(`\n${script}: ${summary.busyMs} ms of CPU in the bench's ${Math.round(lastMs / 1000)} s (${summary.idleMs} ms idle) — ${file}`);
    console.table(summary.areas);
    console.table(summary.functions);
  }
  console.log(`\nProfiles: ${path.relative(ROOT, run)}/`);
}

if (require.main === module) main().catch((err) => { console.error(err); process.exit(1); });
module.exports = { summarize };
