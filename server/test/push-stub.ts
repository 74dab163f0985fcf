import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for tests: an HTTP server that takes pushes as a browser's push service would (RFC 8030), and a
 * fake browser subscription whose keys decrypt them (RFC 8291, aes128gcm), so a test reads what the phone shows.
 */

export interface ReceivedPush {
  /** Which fake device it was sent to (the last path segment of its endpoint). */
  device: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: Date;
}

export interface PushStub {
  url: string;
  received: ReceivedPush[];
  /** Answer this status to pushes for a device from now on (404 or 410: "gone"). */
  answer(device: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushStub(clock: () => Date = () => new Date()): Promise<PushStub> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = (req.url ?? '').split('/').pop() ?? '';
      const status = statuses.get(device) ?? 201;
      if (status === 201)
        received.push({ device, headers: req.headers, body: Buffer.concat(chunks), at: clock() });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (device, status) => statuses.set(device, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface FakeDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The plaintext of an aes128gcm push body sent to this device. */
  decrypt(body: Buffer): string;
}

/** A browser's subscription: a P-256 key pair and a 16-byte auth secret, its endpoint on the stub. */
export function fakeDevice(stubUrl: string, name: string): FakeDevice {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint: `${stubUrl}/push/${name}`,
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    decrypt: (body) => decryptAes128gcm(body, ecdh.getPrivateKey(), publicKey, auth),
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 section 3.4 and RFC 8188: one record, the sender's public key as the key id. */
export function decryptAes128gcm(body: Buffer, privateKey: Buffer, publicKey: Buffer, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
  const ikm = hkdf(auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not a last record: no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}
