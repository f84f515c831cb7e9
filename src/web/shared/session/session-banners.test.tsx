import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionStore } from "./auth-store.ts";
import { SessionBanners } from "./session-banners.tsx";

function renderAt(path: string) {
  const Stub = createRoutesStub([{ path: "/*", Component: () => <SessionBanners /> }]);
  return render(<Stub initialEntries={[path]} />);
}

afterEach(() => {
  act(() => sessionStore.signOut());
  vi.restoreAllMocks();
});

describe("session banners (SPEC §4.1)", () => {
  it("shows nothing without a banner", () => {
    act(() => sessionStore.signOut());
    renderAt("/admin");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows the red expired banner with a link to log in again", () => {
    act(() => sessionStore.expire());
    renderAt("/");
    expect(screen.getByRole("alert")).toHaveTextContent("انتهت صلاحية الجلسة. يرجى تسجيل الدخول مرة أخرى.");
    expect(screen.getByRole("link", { name: "تسجيل الدخول مرة أخرى" })).toHaveAttribute("href", "/admin/login");
  });

  it("leaves out the link on the login page itself", () => {
    act(() => sessionStore.expire());
    renderAt("/admin/login");
    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("shows the connection banner for a kept stored user", () => {
    localStorage.setItem("staff.user", JSON.stringify({ id: "1", role: "employee", username: "a", name: "أ" }));
    act(() => sessionStore.connectionLost());
    renderAt("/admin");
    expect(screen.getByRole("status")).toHaveTextContent("مشكلة في الاتصال - قد تكون بعض الميزات محدودة");
  });
});
