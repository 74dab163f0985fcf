// The floor for the fan-out benchmark: a bare `ws` server in its own process that, on each POST, broadcasts a
// chat_message frame shaped like SweatPact's to every socket and answers 201. Prints `PORT <n>` when listening.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const server = http.createServer();
const wss = new WebSocketServer({ server });
let id = 0;
server.on('request', (req, res) => {
  let body = '';
  req.on('data', (d) => {
    body += d;
  });
  req.on('end', () => {
    id += 1;
    const { message } = JSON.parse(body);
    const user = { id: 'u', firstName: 'Bench', username: 'bench', profileImageUrl: null };
    const chat = { id, challengeId: 1, userId: 'u', user, message, timestamp: new Date().toISOString() };
    const frame = JSON.stringify({
      type: 'chat_message',
      message: { ...chat, type: 'message', videoUrl: null, proofStatus: null, proof: null },
    });
    for (const ws of wss.clients) ws.send(frame);
    res.writeHead(201, { 'content-type': 'application/json' }).end(frame);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
