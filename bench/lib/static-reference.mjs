// The bench's reference (issue 20): a bare Node `http` server, in its own process, answering
// every request with the same bytes (the public page as the app gzips it) and nothing else.
// It is the most one Node process can serve on this machine; the app is measured against it
// with the same load tool, in the same run.
//   node bench/lib/static-reference.mjs <file> [port]   → prints `listening <port>` when ready
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port = '0'] = process.argv.slice(2);
const body = readFileSync(file);
const headers = ['Content-Type', 'text/html; charset=UTF-8', 'Content-Encoding', 'gzip', 'Content-Length', String(body.byteLength)];
const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
// As the app's server (src/server/main.ts): idle keep-alive connections stay open 65 s.
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
