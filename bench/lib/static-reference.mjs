// The bench's reference (docs/decisions/0022): a bare Node `http` server, in its own process, answering
// every request with the same bytes (the public page as the app gzips it, or an API answer as
// the app sends it) and nothing else. It is the most one Node process can serve on this
// machine; the app is measured against it with the same load tool, in the same run.
//   node bench/lib/static-reference.mjs <file> [port] [--type <content-type>] [--encoding gzip|identity]
//     → prints `listening <port>` when ready. Defaults: `text/html; charset=UTF-8`, gzip (the
//     public page); `--encoding identity` sends no Content-Encoding (the bytes as they are).
//   node bench/lib/static-reference.mjs --learn [port]
//     → answers each path with the bytes last PUT to that path (their Content-Type and
//     Content-Encoding in X-Answer-Type and X-Answer-Encoding; 204), 404 for a path never PUT:
//     the reference for answers that differ per request (each search as a cook types it,
//     bench/api-latency.ts), still a bare server, whose only work is one Map lookup.
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
const learn = args.includes('--learn');
const answerHeaders = (contentType, contentEncoding, bytes) => [
  'Content-Type',
  contentType,
  ...(contentEncoding === 'identity' ? [] : ['Content-Encoding', contentEncoding]),
  'Content-Length',
  String(bytes.byteLength),
];

let port;
let handler;
if (learn) {
  [port = '0'] = args.filter((arg) => arg !== '--learn');
  /** path → [headers, body] */
  const answers = new Map();
  handler = (req, res) => {
    if (req.method === 'PUT') {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        const bytes = Buffer.concat(chunks);
        answers.set(req.url, [
          answerHeaders(
            req.headers['x-answer-type'] ?? 'application/octet-stream',
            req.headers['x-answer-encoding'] ?? 'identity',
            bytes,
          ),
          bytes,
        ]);
        res.writeHead(204);
        res.end();
      });
      return;
    }
    const answer = answers.get(req.url);
    if (!answer) {
      res.writeHead(404, ['Content-Length', '0']);
      res.end();
      return;
    }
    res.writeHead(200, answer[0]);
    res.end(answer[1]);
  };
} else {
  let file;
  [file, port = '0'] = args;
  const body = readFileSync(file);
  const headers = answerHeaders(type, encoding, body);
  handler = (req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  };
}
const server = http.createServer(handler);
// As the app's server (src/server/main.ts): idle keep-alive connections stay open 65 s.
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
