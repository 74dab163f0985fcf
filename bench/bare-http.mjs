// The floor of the HTTP benchmarks, in its own process (so its CPU can be counted apart from the load generator):
// answers every request with the bytes of a file and one content type. Prints `PORT <n>` when listening.
// Usage: node bench/bare-http.mjs <file> <content-type> [content-encoding (the file is already encoded)]
import fs from 'node:fs';
import http from 'node:http';

const [file, type, encoding] = process.argv.slice(2);
const body = fs.readFileSync(file);
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': type,
    'content-length': body.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
