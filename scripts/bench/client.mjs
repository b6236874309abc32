// HTTP clients: one member's calls, autocannon runs and sequential latency.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { CONNECTIONS, CSRF, SECONDS } from './config.mjs';
import { cpuMs } from './processes.mjs';
import { percentile } from './stats.mjs';

// ---------------------------------------------------------------------------------------------------------------
// HTTP client of one member

export function makeClient(base) {
  return async function call(member, method, url, body) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        cookie: member.cookie,
        'x-csrf-token': CSRF,
        'x-forwarded-for': member.ip,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json = {};
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, json, setCookie: res.headers.getSetCookie() };
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Throughput and latency

/** req/s of one short autocannon run, and the CPU ms per request of process `pid`. */
export async function autocannonRun(url, headers, pid) {
  const cpu = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed replies of ${result.requests.total}`);
  return { rate: result.requests.average, cpuPerRequest: (cpuMs(pid) - cpu) / result.requests.total };
}

export async function sequentialLatency(url, count = 40, headers = {}) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < count + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i >= 5) times.push(performance.now() - t0);
    bytes = body.byteLength;
  }
  return { p50: percentile(times, 50), bytes };
}
