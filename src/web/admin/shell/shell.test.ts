import { act } from "@testing-library/react";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { REDIRECT_KEY } from "~/shared/session/auth-redirect.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";
import type { Route } from "./+types/shell";
import { clientLoader } from "./shell.tsx";

afterEach(() => {
  sessionStorage.clear();
  act(() => sessionStore.signOut());
});

describe("admin shell loader (SPEC §2.10)", () => {
  it("sends a signed-out visitor to /admin/login and remembers the address", async () => {
    act(() => sessionStore.signOut());
    const request = new Request("http://localhost/admin?tab=2");
    const args: Route.ClientLoaderArgs = {
      request,
      url: new URL(request.url),
      pattern: "/admin",
      params: {},
      context: new RouterContextProvider(),
      serverLoader: async () => undefined,
    };
    const thrown = await clientLoader(args).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/login");
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe("/admin?tab=2");
  });
});
