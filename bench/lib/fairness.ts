import autocannon from 'autocannon';

export interface FairnessFigures {
  floodRps: number;
  floodBad: number;
  dinerP95: number;
  dinerCount: number;
  ownerP95: number;
  ownerCount: number;
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN;
};

/** Sequential requests until `until`, each timed (ms). */
async function probe(urls: string[], headers: Record<string, string>, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; !until(); i++) {
    const started = performance.now();
    const res = await fetch(urls[i % urls.length]!, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${urls[i % urls.length]}: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * « Fairness » (docs/decisions/0022): `connections` clients loop on one public page while another diner
 * opens another menu, one request after the other, and an owner works in the app
 * (GET /api/me, GET /api/recipes). The flood runs in autocannon's worker thread; both probes
 * in this thread.
 */
export async function measureFairness(options: {
  floodUrl: string;
  dinerUrl: string;
  apiBase: string;
  cookie: string;
  seconds: number;
  connections: number;
}): Promise<FairnessFigures> {
  let done = false;
  const flood = autocannon({
    url: options.floodUrl,
    connections: options.connections,
    duration: options.seconds,
    headers: { 'accept-encoding': 'gzip' },
    workers: 1,
  }).then((result) => {
    done = true;
    return result;
  });
  // Let the flood start before measuring under it.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const [diner, owner, result] = await Promise.all([
    probe([options.dinerUrl], { 'accept-encoding': 'gzip' }, () => done),
    probe([`${options.apiBase}/api/me`, `${options.apiBase}/api/recipes`], { cookie: options.cookie }, () => done),
    flood,
  ]);
  return {
    floodRps: result.requests.total / result.duration,
    floodBad: result.requests.total - result['2xx'] + result.errors + result.timeouts,
    dinerP95: p95(diner),
    dinerCount: diner.length,
    ownerP95: p95(owner),
    ownerCount: owner.length,
  };
}
