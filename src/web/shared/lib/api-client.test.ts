import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RELOGIN_GUARD_MS } from "#domain/constants.ts";
import type { AuthResponse } from "#domain/types.ts";
import { createSessionStore, type SessionStore, STORED_USER_KEY } from "~/shared/session/auth-store.ts";
import { ApiError, apiErrorMessage, createApiClient } from "./api-client.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const unauthorized = () => json({ statusCode: 401, error: "Unauthorized", message: "يجب تسجيل الدخول" }, 401);

function auth(token: string): AuthResponse {
  return {
    token,
    expiresInMs: 15 * 60 * 1000,
    user: {
      id: "u1",
      username: "admin",
      name: "المدير العام",
      role: "super_admin",
      accountId: null,
      createdAt: "2025-01-01T00:00:00.000Z",
      isAdmin: true,
      permissions: ["dashboard.view"],
    },
  };
}

/** A fake server: /api/auth/refresh answers `refreshAnswer`; other paths accept only `validToken`. */
function fakeServer(options: { validToken: string; refreshAnswer: () => Response | Promise<Response> }) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === "/api/auth/refresh") return options.refreshAnswer();
    const header = new Headers(init?.headers).get("Authorization");
    return header === `Bearer ${options.validToken}` ? json([{ id: 1 }]) : unauthorized();
  });
}

const refreshCalls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === "/api/auth/refresh").length;

let store: SessionStore;
let clock: number;

beforeEach(() => {
  localStorage.clear();
  store = createSessionStore({ storage: () => localStorage, cookies: () => "" });
  clock = 1_000_000;
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("request basics (SPEC §7.1)", () => {
  it("sends /api paths to the same origin with cookies, the bearer token and no api_key", async () => {
    store.signIn(auth("tok-1"), clock);
    const fetchMock = vi.fn<typeof fetch>(async () => json({ ok: true }));
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await client.request("/api/projects");
    await client.request("/api/units?projectId=3");

    for (const [input, init] of fetchMock.mock.calls) {
      expect(String(input).startsWith("/api/")).toBe(true);
      expect(String(input)).not.toMatch(/api_key/);
      expect(init?.credentials).toBe("include");
      expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer tok-1");
    }
    expect(String(fetchMock.mock.calls[1][0])).toBe("/api/units?projectId=3");
  });

  it("sends JSON with a content type, and FormData as it is", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ ok: true }));
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await client.request("/api/projects", { method: "POST", body: { name: "برج" } });
    const form = new FormData();
    form.append("image", new Blob(["x"]), "a.png");
    await client.request("/api/upload/image", { method: "POST", body: form });

    const [, jsonInit = {}] = fetchMock.mock.calls[0];
    expect(new Headers(jsonInit.headers).get("Content-Type")).toBe("application/json");
    expect(jsonInit.body).toBe(JSON.stringify({ name: "برج" }));
    const [, formInit = {}] = fetchMock.mock.calls[1];
    expect(formInit.body).toBe(form);
    expect(new Headers(formInit.headers).has("Content-Type")).toBe(false);
  });

  it("stores no token anywhere but memory", async () => {
    store.signIn(auth("secret-token"), clock);
    expect(JSON.stringify({ ...localStorage })).not.toContain("secret-token");
    expect(JSON.parse(localStorage.getItem(STORED_USER_KEY) ?? "{}")).toEqual({
      id: "u1",
      role: "super_admin",
      username: "admin",
      name: "المدير العام",
    });
  });
});

describe("errors (SPEC §7.3, §5.9)", () => {
  it('throws ApiError "{status}: {body}" exposing the server\'s Arabic message', async () => {
    const body = { statusCode: 409, error: "Conflict", message: "هذا المشروع موجود مسبقًا" };
    const client = createApiClient({
      fetch: vi.fn<typeof fetch>(async () => json(body, 409)),
      store,
      now: () => clock,
    });

    const error = await client.request("/api/projects", { method: "POST", body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`409: ${JSON.stringify(body)}`);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).body).toEqual(body);
    expect(apiErrorMessage(error, "افتراضي")).toBe("هذا المشروع موجود مسبقًا");
  });

  it("uses the status text when the body is empty", async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response("", { status: 500, statusText: "Internal Server Error" }),
    );
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    const error = await client.request("/api/projects").catch((e: unknown) => e);

    expect((error as ApiError).message).toBe("500: Internal Server Error");
    expect(apiErrorMessage(error, "افتراضي")).toBe("افتراضي");
  });

  it("reports an empty or unparseable OK answer", async () => {
    const empty = createApiClient({
      fetch: vi.fn<typeof fetch>(async () => new Response("")),
      store,
      now: () => clock,
    });
    await expect(empty.request("/api/projects")).rejects.toThrow("Empty response from /api/projects");
    const broken = createApiClient({
      fetch: vi.fn<typeof fetch>(async () => new Response("{oops")),
      store,
      now: () => clock,
    });
    await expect(broken.request("/api/projects")).rejects.toThrow("Invalid JSON response from /api/projects");
  });

  it("only logs a 403 (no refresh) and still throws", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json({ statusCode: 403, error: "Forbidden", message: "لا تملك الصلاحية" }, 403),
    );
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await expect(client.request("/api/units")).rejects.toMatchObject({ status: 403 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("403"));
  });
});

describe("401 and the silent refresh (SPEC §4.1, §7.1)", () => {
  it("shares one refresh among concurrent 401s and retries each read once", async () => {
    store.signIn(auth("old"), clock);
    let resolveRefresh: (response: Response) => void = () => {};
    const fetchMock = fakeServer({
      validToken: "new",
      refreshAnswer: () => new Promise<Response>((resolve) => (resolveRefresh = resolve)),
    });
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    const reads = Promise.all([
      client.request("/api/projects"),
      client.request("/api/units"),
      client.request("/api/contact/messages"),
    ]);
    await vi.waitFor(() => expect(refreshCalls(fetchMock)).toBe(1));
    resolveRefresh(json(auth("new")));

    await expect(reads).resolves.toEqual([[{ id: 1 }], [{ id: 1 }], [{ id: 1 }]]);
    expect(refreshCalls(fetchMock)).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(7); // 3 reads + 1 refresh + 3 retries
    expect(store.getToken()).toBe("new");
  });

  it("retries a read only once, then throws the 401", async () => {
    store.signIn(auth("old"), clock);
    const fetchMock = fakeServer({ validToken: "never", refreshAnswer: () => json(auth("new")) });
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await expect(client.request("/api/projects")).rejects.toMatchObject({ status: 401 });
    const projectCalls = fetchMock.mock.calls.filter(([input]) => String(input) === "/api/projects");
    expect(projectCalls).toHaveLength(2);
  });

  it("does not retry a write after the refresh", async () => {
    store.signIn(auth("old"), clock);
    const fetchMock = fakeServer({ validToken: "new", refreshAnswer: () => json(auth("new")) });
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await expect(client.request("/api/projects", { method: "POST", body: { name: "x" } })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === "/api/projects")).toHaveLength(1);
    expect(refreshCalls(fetchMock)).toBe(1);
  });

  it("refreshes at most once per RELOGIN_GUARD_MS", async () => {
    store.signIn(auth("old"), clock);
    const fetchMock = fakeServer({ validToken: "never", refreshAnswer: () => json(auth("rotated")) });
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await expect(client.request("/api/projects")).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(fetchMock)).toBe(1);

    clock += RELOGIN_GUARD_MS - 1;
    await expect(client.request("/api/projects")).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(fetchMock)).toBe(1);

    clock += 1;
    await expect(client.request("/api/projects")).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(fetchMock)).toBe(2);
  });

  it("clears the session and marks it expired when the refresh is rejected", async () => {
    store.signIn(auth("old"), clock);
    const fetchMock = fakeServer({ validToken: "never", refreshAnswer: unauthorized });
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await expect(client.request("/api/projects")).rejects.toMatchObject({ status: 401 });

    expect(store.getToken()).toBeNull();
    expect(store.getSnapshot()).toEqual({ status: "anonymous", user: null, banner: "expired" });
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it("can answer null instead of throwing on 401", async () => {
    const fetchMock = fakeServer({ validToken: "never", refreshAnswer: unauthorized });
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await expect(client.request("/api/auth-free-read", { nullOn401: true })).resolves.toBeNull();
  });

  it("never refreshes for the auth calls themselves (a wrong password is not an expired session)", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => unauthorized());
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await expect(
      client.request("/api/auth/login", { method: "POST", body: { username: "a", password: "b" } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("refreshes before a request when the access token is about to expire", async () => {
    store.signIn({ ...auth("old"), expiresInMs: 10_000 }, clock);
    const fetchMock = fakeServer({ validToken: "new", refreshAnswer: () => json(auth("new")) });
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await expect(client.request("/api/projects", { method: "PUT", body: {} })).resolves.toEqual([{ id: 1 }]);
    expect(refreshCalls(fetchMock)).toBe(1);
  });
});

describe("refresh outcomes at startup (SPEC §4.1)", () => {
  it("keeps a stored user with the connection banner on a network error", async () => {
    localStorage.setItem(STORED_USER_KEY, JSON.stringify({ id: "u1", role: "manager", username: "m", name: "مدير" }));
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError("Failed to fetch");
    });
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });

    await expect(client.refresh({ force: true })).resolves.toBe("unreachable");
    expect(store.getSnapshot()).toMatchObject({
      status: "authenticated",
      banner: "connection",
      user: { id: "u1", role: "manager", permissions: [] },
    });
  });

  it("discards a corrupt stored user", () => {
    localStorage.setItem(STORED_USER_KEY, "{not json");
    expect(store.readStoredUser()).toBeNull();
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });
});

describe("file downloads", () => {
  it("fetches with the session, refreshes once on 401, and saves the file under its name", async () => {
    store.signIn(auth("old"), clock);
    const fetchMock = fakeServer({ validToken: "new", refreshAnswer: () => json(auth("new")) });
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return "blob:file";
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    await client.download("/api/units/template.csv", "units-template.csv");

    expect(refreshCalls(fetchMock)).toBe(1);
    expect(clicked).toEqual(["units-template.csv"]);
    expect(await created[0].text()).toBe(JSON.stringify([{ id: 1 }]));
  });

  it("throws ApiError with the server's message when the answer is not OK", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json({ statusCode: 403, error: "Forbidden", message: "لا تملك الصلاحية" }, 403),
    );
    const client = createApiClient({ fetch: fetchMock, store, now: () => clock });
    const error = await client.download("/api/contact/messages/export?format=csv", "x.csv").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe("لا تملك الصلاحية");
  });
});
