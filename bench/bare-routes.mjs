// The floor of bench/mixed-load.bench.mjs, in its own process: answers each request with the bytes the app answered
// for a request of the same route (recorded in the run), with its status and content type; no routing library,
// no session, no SQL. Prints `PORT <n>` when listening.
// Usage: node bench/bare-routes.mjs <answers.json>  ({ [route]: { status, type, body (base64) } }; see routeOf)
import fs from 'node:fs';
import http from 'node:http';
import { routeOf } from './mixed-load-routes.mjs';

const answers = Object.fromEntries(
  Object.entries(JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))).map(([route, a]) => [
    route,
    { ...a, body: Buffer.from(a.body, 'base64') },
  ]),
);
const server = http.createServer((req, res) => {
  const answer = answers[routeOf(req.method, req.url)];
  // A request body (a chat message) is read to its end, as the app reads it.
  req.resume();
  req.on('end', () => {
    res.writeHead(answer.status, { 'content-type': answer.type, 'content-length': answer.body.length });
    res.end(answer.body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
