import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createTwilioSmsProvider } from './twilio-sms';

interface Captured {
  method?: string;
  url?: string;
  authorization?: string;
  body: string;
}

/** A local fake of Twilio's Messages endpoint: answers per `mode`, records the request. */
let server: Server;
let baseUrl: string;
let mode: 'ok' | 'error' | 'garbage' = 'ok';
const captured: Captured[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    captured.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      body: await readBody(request),
    });
    if (mode === 'error') {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 21211, message: "The 'To' number is not valid." }));
    } else if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>proxy error</html>');
    } else {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: 'SM123', status: 'queued' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = () =>
  createTwilioSmsProvider({
    accountSid: 'AC42',
    authToken: 'tok',
    from: '+15005550006',
    apiBase: baseUrl,
  });

describe('Twilio SMS adapter', () => {
  it('posts the message form with basic auth to the account Messages resource', async () => {
    mode = 'ok';
    await provider().send('+8613800138000', 'Your code is 123456');
    const request = captured.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/2010-04-01/Accounts/AC42/Messages.json');
    expect(request.authorization).toBe(`Basic ${Buffer.from('AC42:tok').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      To: '+8613800138000',
      From: '+15005550006',
      Body: 'Your code is 123456',
    });
  });

  it.each(['error', 'garbage'] as const)('maps a %s answer to UNAVAILABLE', async (answer) => {
    mode = answer;
    await expect(provider().send('+8613800138000', 'x')).rejects.toMatchObject({
      errorCode: 'UNAVAILABLE',
    });
  });

  it('maps a refused connection to UNAVAILABLE', async () => {
    const offline = createTwilioSmsProvider({
      accountSid: 'AC42',
      authToken: 'tok',
      from: '+1',
      apiBase: 'http://127.0.0.1:1',
    });
    const error = await offline.send('+8613800138000', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
  });
});
