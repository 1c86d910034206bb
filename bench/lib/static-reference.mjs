// The bench's reference (issue 20): a bare Node `http` server, in its own process, answering
// every request with the same bytes (the public page as the app gzips it, or an API answer as
// the app sends it) and nothing else. It is the most one Node process can serve on this
// machine; the app is measured against it with the same load tool, in the same run.
//   node bench/lib/static-reference.mjs <file> [port] [--type <content-type>] [--encoding gzip|identity]
//     → prints `listening <port>` when ready. Defaults: `text/html; charset=UTF-8`, gzip (the
//     public page); `--encoding identity` sends no Content-Encoding (the bytes as they are).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const type = option('--type', 'text/html; charset=UTF-8');
const encoding = option('--encoding', 'gzip');
const [file, port = '0'] = args;
const body = readFileSync(file);
const headers = ['Content-Type', type, ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]), 'Content-Length', String(body.byteLength)];
const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
// As the app's server (src/server/main.ts): idle keep-alive connections stay open 65 s.
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
