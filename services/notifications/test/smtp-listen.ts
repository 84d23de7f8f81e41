import type { AddressInfo } from 'node:net';
import type { SMTPServer } from 'smtp-server';

/** Starts the test's SMTP server on a port the system picks (a random one may be taken) and answers its URL. */
export function listenForSmtp(smtp: SMTPServer): Promise<string> {
  return new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`));
  });
}
