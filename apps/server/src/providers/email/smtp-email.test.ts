import nodemailer, { type SendMailOptions } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { createSmtpEmailProvider } from './smtp-email';

describe('SMTP e-mail adapter', () => {
  it('hands nodemailer the sender, recipient, subject and both bodies', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: SendMailOptions) => {
      const info = await original(mail);
      sent.push(String(info.message));
      return info;
    }) as typeof transport.sendMail;
    const provider = createSmtpEmailProvider(
      { smtpUrl: 'smtp://unused', from: 'Portal <no-reply@example.com>' },
      transport,
    );
    await provider.send({
      to: 'parent@example.com',
      subject: 'Reset',
      text: 'Open the link',
      html: '<p>Open</p>',
    });
    const message = JSON.parse(sent[0]!);
    expect(message.from).toEqual({ address: 'no-reply@example.com', name: 'Portal' });
    expect(message.to).toEqual([{ address: 'parent@example.com', name: '' }]);
    expect(message.subject).toBe('Reset');
    expect(message.text).toBe('Open the link');
    expect(message.html).toBe('<p>Open</p>');
  });

  it('maps a refused connection to UNAVAILABLE', async () => {
    const provider = createSmtpEmailProvider({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@example.com',
    });
    await expect(
      provider.send({ to: 'a@example.com', subject: 's', text: 't' }),
    ).rejects.toMatchObject({
      errorCode: 'UNAVAILABLE',
    });
  });
});
