/**
 * A real SMTP server on 127.0.0.1 for the e-mail tests (smtp-server; docs/decisions/091-visit-messages-and-reminder-channels.md,
 * docs/decisions/125-receipt-pdf-and-mail.md): it keeps every message it accepts, can refuse recipients with a
 * temporary error (451) to test retries, and can be stopped and started again on the same port. Test code only.
 */
import type { AddressInfo } from "node:net";
import { text } from "node:stream/consumers";
import { SMTPServer } from "smtp-server";

/** A message the server accepted: its envelope recipients and its raw source. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpCatcher {
  /** Every accepted message, in order (clear it with `received.length = 0`). */
  readonly received: ReceivedMail[];
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  readonly url: string;
  /** "refuse": every recipient is refused with 451 (try later); "accept" (default): messages are kept. */
  mode: "accept" | "refuse";
  /** Stops listening (the port stays this catcher's). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** Starts an SMTP server on a free port of 127.0.0.1. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer;
  const catcher: SmtpCatcher = {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    mode: "accept",
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = new SMTPServer({
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onRcptTo(_address, _session, callback) {
          if (catcher.mode === "refuse") {
            const error = new Error("Mailbox busy, try later") as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          callback();
        },
        onData(stream, session, callback) {
          void text(stream).then((raw) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
      port = (server.server.address() as AddressInfo).port;
    },
  };
  await catcher.start();
  return catcher;
}
