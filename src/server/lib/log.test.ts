/**
 * The log never carries personal data (lib/log.ts): not the query string, not the body, not the IP, and not a failed
 * query's SQL or parameters (drizzle puts them in its error message) nor PostgreSQL's detail.
 */
import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorsPlugin } from "../plugins/errors.ts";
import { loggerOptions } from "./log.ts";

describe("server log", () => {
  it("keeps personal data of requests and failed queries out", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions("info"), stream } });
    await app.register(errorsPlugin);
    app.post("/leads", async () => {
      const cause = Object.assign(new Error('duplicate key value violates unique constraint "leads_email_key"'), {
        code: "23505",
        constraint: "leads_email_key",
        detail: "Key (email)=(sara.private@example.com) already exists.",
      });
      throw new DrizzleQueryError(
        'insert into "contact_messages" ("email", "phone") values ($1, $2)',
        ["sara.private@example.com", "+966551112233"],
        cause,
      );
    });
    const res = await app.inject({
      method: "POST",
      url: "/leads?search=sara.private%40example.com&phone=0551112233",
      payload: { email: "sara.private@example.com" },
      remoteAddress: "198.51.100.77",
    });
    expect(res.statusCode).toBe(500);
    await app.close();
    const log = lines.join("");
    expect(log).toContain("23505");
    expect(log).toContain("leads_email_key");
    for (const personal of ["sara.private", "966551112233", "0551112233", "198.51.100.77", "insert into"]) {
      expect(log).not.toContain(personal);
    }
  });
});
