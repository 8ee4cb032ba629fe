// The crash test's embedded database served over TCP, so that worker processes can share the driver's
// PGlite when no PostgreSQL server is at hand (`npm test` without TEST_DATABASE_URL). PGlite is one
// session, so this serves one connection at a time (others wait their turn, queued), and relays the
// PostgreSQL wire protocol message by message to PGlite's own protocol entry point. When a client goes
// away, killed or not, the session is put back as a server would leave a dead backend's: any
// extended-protocol exchange it left half-way is ended, any transaction it held open is rolled back and
// the statements it prepared by name are closed (a new connection's driver prepares them again under the
// same names), before the next connection (or the driver itself) gets the database.
//
// Good for one worker with one connection (DATABASE_POOL_SIZE=1): two workers' transactions would take
// turns rather than run side by side, which the PostgreSQL server run of the same test covers.
import { createServer, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** Message types: Parse, and Close (of a statement, 'S', or a portal). */
const PARSE = 0x50;
const CLOSE = 0x43;
const STATEMENT = 0x53;
/** A null-terminated string in a message, from `at`. */
const cString = (message: Buffer, at: number) => message.toString('utf8', at, message.indexOf(0, at));
/** A Sync message: ends an extended-protocol exchange (and an error state) with ReadyForQuery. */
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

export interface PgliteSocketServer {
  /** A connection string for the pg driver. */
  url: string;
  /** Resolves when no client is connected and the session has been put back. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function servePglite(pglite: PGlite): Promise<PgliteSocketServer> {
  // One connection holds the session at a time; the chain hands it on when the holder has gone.
  let turn: Promise<void> = Promise.resolve();
  const sockets = new Set<Socket>();

  const serve = (socket: Socket) => {
    sockets.add(socket);
    let buffer = Buffer.alloc(0);
    let started = false;
    let closed = false;
    let wake: (() => void) | null = null;
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      wake?.();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      sockets.delete(socket);
      wake?.();
    });
    const more = () =>
      new Promise<void>((resolve) => {
        wake = () => {
          wake = null;
          resolve();
        };
      });
    /** The next whole message, or null when the client has gone (or said Terminate). */
    const next = async (): Promise<Buffer | null> => {
      for (;;) {
        if (!started && buffer.length >= 8) {
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if ((code === SSL_REQUEST || code === GSS_REQUEST) && length === 8) {
            buffer = buffer.subarray(8);
            socket.write('N');
            continue;
          }
          if (code === CANCEL_REQUEST) return null; // nothing to cancel: one session, run to the end
          if (code === PROTOCOL_3 && buffer.length >= length) {
            const message = buffer.subarray(0, length);
            buffer = buffer.subarray(length);
            started = true;
            return message;
          }
        } else if (started && buffer.length >= 5) {
          const length = 1 + buffer.readInt32BE(1);
          if (buffer.length >= length) {
            const message = buffer.subarray(0, length);
            buffer = buffer.subarray(length);
            return message[0] === 0x58 ? null : message; // 'X': Terminate
          }
        }
        if (closed) return null;
        await more();
      }
    };
    /** The statements this connection prepared by name and has not closed. */
    const prepared = new Set<string>();
    const session = async () => {
      for (;;) {
        const message = await next();
        // Messages that arrived before the client died still run, as a server would run them.
        if (message === null) break;
        if (message[0] === PARSE) {
          const name = cString(message, 5);
          if (name) prepared.add(name);
        } else if (message[0] === CLOSE && message[5] === STATEMENT) {
          prepared.delete(cString(message, 6));
        }
        await pglite.runExclusive(() =>
          pglite.execProtocolRawStream(new Uint8Array(message), {
            onRawData: (data) => {
              if (!closed) socket.write(data);
            },
          }),
        );
      }
      if (started) {
        await pglite.runExclusive(() => pglite.execProtocolRaw(SYNC));
        if (pglite.isInTransaction()) await pglite.exec('rollback');
        for (const name of prepared) await pglite.exec(`deallocate "${name.replaceAll('"', '""')}"`);
      }
      socket.destroy();
    };
    const mine = turn.then(session).catch(() => {
      socket.destroy();
    });
    turn = mine;
  };

  const server = createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port for the PGlite socket');
  return {
    url: `postgres://postgres@127.0.0.1:${address.port}/postgres`,
    idle: async () => {
      for (;;) {
        const waited = turn;
        await waited;
        if (waited === turn && sockets.size === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await turn;
    },
  };
}
