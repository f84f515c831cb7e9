/** Test helpers for the admin screens: a signed-in user, a routed fetch mock, the providers. */
import { act, render } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { vi } from "vitest";
import type { AuthResponse, PublicUser, SessionUser } from "#domain/types.ts";
import { AdminProviders } from "~/admin/shell/admin-providers.tsx";
import { createQueryClient } from "~/admin/shell/query-client.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";

export const json = (body: unknown, status = 200) =>
  status === 204
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export function signInAs(user: Partial<SessionUser>) {
  const auth: AuthResponse = {
    token: "t",
    expiresInMs: 900_000,
    user: {
      id: "me",
      username: "me",
      name: "أنا",
      role: "employee",
      accountId: null,
      createdAt: "2025-01-01T00:00:00.000Z",
      isAdmin: false,
      permissions: [],
      ...user,
    },
  };
  act(() => sessionStore.signIn(auth));
}

/** A fetch call as a screen made it: the method, the URL (with its query) and the JSON body. */
export interface FetchCall {
  method: string;
  url: URL;
  body: unknown;
}

/** Stubs fetch: each call is pushed to `calls` and answered by `answer` given its "METHOD /path" (no query), URL and body. */
export function stubFetch(
  calls: FetchCall[],
  answer: (key: string, url: URL, body: unknown) => Response | Promise<Response>,
) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      return answer(`${method} ${url.pathname}`, url, body);
    }),
  );
}

/** "METHOD /path" → answer; unknown calls answer 404. `calls` records "METHOD /path" and the body. */
export function mockApi(routes: Record<string, (body: unknown) => Response | Promise<Response>>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${String(input)}`;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ key, body });
    const answer = routes[key];
    return answer ? answer(body) : json({ statusCode: 404, error: "Not Found", message: "غير موجود" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

export function renderScreen(element: React.ReactNode, path = "/admin/x") {
  const Stub = createRoutesStub([
    {
      path,
      Component: () => <AdminProviders queryClient={createQueryClient()}>{element}</AdminProviders>,
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

export function resetSession() {
  act(() => sessionStore.signOut());
}

/** Three staff as GET /api/users lists them: the super_admin «المدير», a manager under him, an employee under her. */
export const STAFF_USERS: PublicUser[] = [
  { id: "me", username: "boss", name: "المدير", role: "super_admin", accountId: null, createdAt: "2025-01-01" },
  { id: "m1", username: "mgr", name: "مدير المبيعات", role: "manager", accountId: "me", createdAt: "2025-01-02" },
  { id: "e1", username: "emp", name: "موظف المبيعات", role: "employee", accountId: "m1", createdAt: "2025-01-03" },
];
