import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, with its headers and decoded body text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
  /** the raw message with quoted-printable soft breaks and escapes undone (both parts) */
  body: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** answer every DATA (or RCPT for this address) with this code from now on, or accept again (null) */
  refuse(code: number | null, rcpt?: string): void;
  /** from now on, receive each message's DATA but never answer it (the sender hangs), or answer again */
  hold(on: boolean): void;
  /** Message-IDs of the messages received but left unanswered */
  held: string[];
  stop(): Promise<void>;
  /** listens again on the same port after `stop()` */
  restart(): Promise<void>;
}

function header(raw: string, name: string): string {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(unfolded)?.[1]?.trim() ?? '';
}

function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** A real SMTP server (npm `smtp-server`) on 127.0.0.1 that keeps what it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let refusal: { code: number; rcpt?: string | undefined } | null = null;
  let holding = false;
  const held: string[] = [];
  let port = 0;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, cb) {
        if (refusal?.rcpt && refusal.rcpt === address.address) {
          return cb(Object.assign(new Error('mailbox unavailable'), { responseCode: refusal.code }));
        }
        cb();
      },
      onData(stream, session, cb) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (d: string) => (raw += d));
        stream.on('end', () => {
          if (holding) {
            held.push(header(raw, 'Message-ID'));
            return;
          }
          if (refusal && !refusal.rcpt) {
            return cb(
              Object.assign(new Error(refusal.code >= 500 ? 'message rejected' : 'try again later'), {
                responseCode: refusal.code,
              }),
            );
          }
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: header(raw, 'Subject'),
            messageId: header(raw, 'Message-ID'),
            body: decodeQp(raw),
          });
          cb();
        });
      },
    });
  let server = make();
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    mails,
    refuse(code, rcpt) {
      refusal = code === null ? null : { code, rcpt };
    },
    hold(on) {
      holding = on;
    },
    held,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async restart() {
      server = make();
      await listen();
    },
  };
}
