// Experiment: does the number of response headers limit autocannon (http-parser-js)?
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
const body = gzipSync(
  Buffer.from('x'.repeat(25000).replace(/x/g, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))),
  { level: 9 },
).subarray(0, 4388);
const few = [
  'Content-Type',
  'text/html; charset=UTF-8',
  'Content-Encoding',
  'gzip',
  'Content-Length',
  String(body.byteLength),
];
const sec = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const many = [
  ...Object.entries(sec).flat(),
  'Cache-Control',
  'no-cache',
  'Vary',
  'Accept-Encoding, Accept-Language',
  'ETag',
  'W/"abcdefabcdefabcdefabcdef"',
  ...few,
  'X-Request-Id',
  '3f1c9a52-8d1e-4b0e-9a51-0c6f7e2d9b11',
];
const trimmed = [
  ...Object.entries(sec)
    .filter(
      ([k]) =>
        ![
          'x-dns-prefetch-control',
          'x-download-options',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
          'x-frame-options',
          'origin-agent-cluster',
        ].includes(k),
    )
    .flat(),
  'Cache-Control',
  'no-cache',
  'Vary',
  'Accept-Encoding, Accept-Language',
  'ETag',
  'W/"abcdefabcdefabcdefabcdef"',
  ...few,
];
const make = (headers) =>
  new Promise((r) => {
    const s = http.createServer((req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    });
    s.keepAliveTimeout = 65000;
    s.listen(0, '127.0.0.1', () => r(s));
  });
const variants = { few, many, trimmed };
if (process.argv[2] === 'serve') {
  const s = await make(variants[process.argv[3]]);
  console.log(s.address().port);
  await new Promise(() => {});
}
const { spawn } = await import('node:child_process');
const servers = {};
const kids = [];
for (const k of Object.keys(variants)) {
  const c = spawn(process.execPath, [process.argv[1], 'serve', k]);
  kids.push(c);
  servers[k] = await new Promise((r) =>
    c.stdout.once('data', (d) => r({ address: () => ({ port: Number(String(d).trim()) }) })),
  );
}
for (let round = 0; round < 2; round++)
  for (const k of Object.keys(variants)) {
    const r = await autocannon({
      url: `http://127.0.0.1:${servers[k].address().port}/`,
      connections: 50,
      duration: 5,
      headers: { 'accept-encoding': 'gzip' },
    });
    console.log(k, variants[k].length / 2, 'headers', Math.round(r.requests.average), 'req/s');
  }
for (const c of kids) c.kill();
process.exit(0);
