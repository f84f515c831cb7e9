/**
 * The usual start of an API test file or describe block in two lines instead of a `let`, a `beforeAll` and an
 * `afterAll` each (test-utils/app.ts builds the app):
 *
 *   const t = setUpTestApp();                   // a fresh app before the block's tests, closed after them
 *   const manager = signedIn(t, "manager");   // a manager signed in once the app is built
 *
 * Both register Vitest hooks where they are called, so call them in a describe body or at the top of a file, before
 * any `beforeAll` that uses them (before hooks run in the order they were registered). The handles they return read
 * the app or user made by those hooks: reading one outside a hook or test throws.
 */
import { afterAll, beforeAll } from "vitest";
import type { Role } from "#domain/roles.ts";
import { createTestApp, type TestApp, type TestUser } from "./app.ts";

function notYet(what: string): never {
  throw new Error(`${what} is made in beforeAll: read it inside a hook or a test`);
}

/** A fresh app (createTestApp with `options`) for the calling block: built before its tests, closed after them. */
export function setUpTestApp(options?: Parameters<typeof createTestApp>[0]): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  }, 120_000);
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get: (_, key) => Reflect.get(current ?? notYet("the test app"), key),
  });
}

type SignInFields = Parameters<TestApp["signIn"]>[1];

/**
 * A user of `role` created and signed in through the API of `t` before the block's tests (TestApp.signIn). `fields`
 * may be a function, read when the user is made, to name another handle's user (`() => ({ accountId: boss.id })`).
 */
export function signedIn(t: TestApp, role: Role, fields?: SignInFields | (() => SignInFields)): TestUser {
  let user: TestUser | undefined;
  beforeAll(async () => {
    user = await t.signIn(role, typeof fields === "function" ? fields() : fields);
  }, 60_000);
  const read = () => user ?? notYet(`the ${role} user`);
  return {
    get id() {
      return read().id;
    },
    get username() {
      return read().username;
    },
    get role() {
      return read().role;
    },
    get token() {
      return read().token;
    },
  };
}
