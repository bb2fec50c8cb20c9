// A real SMTP server on loopback that keeps what it receives, parsed.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface TestSmtpServer {
  url: string;
  inbox: ParsedMail[];
  close(): Promise<void>;
}

export async function startTestSmtpServer(options: Pick<SMTPServerOptions, 'onRcptTo'> = {}): Promise<TestSmtpServer> {
  const inbox: ParsedMail[] = [];
  const server = new SMTPServer({
    ...options,
    authOptional: true,
    // The package's built-in certificate has expired: plain SMTP on loopback.
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        inbox.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
