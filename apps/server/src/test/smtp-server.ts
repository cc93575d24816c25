import net from 'node:net';

export interface LoopbackSmtp {
  url: string;
  /** Messages accepted, as received after DATA (headers and body). */
  accepted: string[];
  /** Transactions refused with a temporary failure. */
  refused: number;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on 127.0.0.1 that answers the first `refuseFirst` messages with 451 (a
 * temporary failure, as a busy or greylisting server does) and accepts the rest: enough for
 * nodemailer, to show a failed send is retried.
 */
export async function startLoopbackSmtp(refuseFirst: number): Promise<LoopbackSmtp> {
  const state = { accepted: [] as string[], refused: 0 };
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 loopback ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            state.accepted.push(data);
            data = '';
            reply('250 queued');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 loopback');
        else if (verb === 'MAIL') {
          if (state.refused < refuseFirst) {
            state.refused += 1;
            reply('451 4.3.0 try again later');
          } else reply('250 ok');
        } else if (verb === 'RCPT') reply('250 ok');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 command not recognised');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get accepted() {
      return state.accepted;
    },
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
