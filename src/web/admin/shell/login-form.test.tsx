import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthResponse } from "#domain/types.ts";
import { PENDING_ACTION_KEY, REDIRECT_KEY } from "~/shared/session/auth-redirect.ts";
import { STORED_USER_KEY, sessionStore } from "~/shared/session/auth-store.ts";
import { Toaster } from "~/shared/ui/toaster.tsx";
import { resetToasts } from "~/shared/ui/use-toast.ts";
import { json } from "~/test-utils/admin-harness.tsx";
import { AdminProviders } from "./admin-providers.tsx";
import { LoginForm } from "./login-form.tsx";
import { createQueryClient } from "./query-client.ts";

const AUTH: AuthResponse = {
  token: "access-token",
  expiresInMs: 15 * 60 * 1000,
  user: {
    id: "u1",
    username: "admin",
    name: "المدير العام",
    role: "super_admin",
    accountId: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    isAdmin: true,
    permissions: [],
  },
};

function Destination({ name }: { name: string }) {
  return (
    <>
      <p>{name}</p>
      <Toaster />
    </>
  );
}

function renderLogin() {
  const Stub = createRoutesStub([
    {
      path: "/admin/login",
      Component: () => (
        <AdminProviders queryClient={createQueryClient()}>
          <LoginForm />
        </AdminProviders>
      ),
    },
    { path: "/admin", Component: () => <Destination name="صفحة الرئيسية" /> },
    { path: "/admin/projects", Component: () => <Destination name="صفحة المشاريع" /> },
    { path: "/admin/units", Component: () => <Destination name="صفحة الوحدات" /> },
  ]);
  return render(<Stub initialEntries={["/admin/login"]} />);
}

async function fillAndSubmit(username = "Admin ", password = "admin-pass-2026") {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("اسم المستخدم"), username);
  await user.type(screen.getByLabelText("كلمة المرور"), password);
  await user.click(screen.getByRole("button", { name: "تسجيل الدخول" }));
  return user;
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.signOut();
  resetToasts();
  fetchMock = vi.fn(async () => json(AUTH));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("login form (SPEC §2.9, §5.2)", () => {
  it("shows the Arabic required messages and sends nothing", async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole("button", { name: "تسجيل الدخول" }));

    expect(await screen.findByText("اسم المستخدم مطلوب")).toBeInTheDocument();
    expect(screen.getByText("كلمة المرور مطلوبة")).toBeInTheDocument();
    expect(screen.getByLabelText("اسم المستخدم")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows and hides the password", async () => {
    renderLogin();
    const user = userEvent.setup();
    const password = screen.getByLabelText("كلمة المرور");
    expect(password).toHaveAttribute("type", "password");

    await user.click(screen.getByRole("button", { name: "إظهار كلمة المرور" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "إخفاء كلمة المرور" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("signs in with the normalised username, keeps the token in memory only, and goes to /admin", async () => {
    renderLogin();
    await fillAndSubmit();

    expect(await screen.findByText("صفحة الرئيسية")).toBeInTheDocument();
    expect(await screen.findByText("تم تسجيل الدخول بنجاح")).toBeInTheDocument();
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe("/api/auth/login");
    expect(JSON.parse(String(init.body))).toEqual({ username: "admin", password: "admin-pass-2026" });
    expect(sessionStore.getToken()).toBe("access-token");
    expect(localStorage.getItem(STORED_USER_KEY)).not.toContain("access-token");
  });

  it("goes to /admin/projects when a pending delete is stored, before any stored redirect", async () => {
    sessionStorage.setItem(PENDING_ACTION_KEY, JSON.stringify({ type: "deleteProject", projectId: 7 }));
    sessionStorage.setItem(REDIRECT_KEY, "/admin/units");
    renderLogin();
    await fillAndSubmit();

    expect(await screen.findByText("صفحة المشاريع")).toBeInTheDocument();
    // The projects screen consumes the pending action; login leaves it in place.
    expect(sessionStorage.getItem(PENDING_ACTION_KEY)).not.toBeNull();
  });

  it("goes to the stored redirect address and clears it", async () => {
    sessionStorage.setItem(REDIRECT_KEY, "/admin/units");
    renderLogin();
    await fillAndSubmit();

    expect(await screen.findByText("صفحة الوحدات")).toBeInTheDocument();
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
  });

  it("ignores a stored redirect that leaves the back office", async () => {
    sessionStorage.setItem(REDIRECT_KEY, "//evil.example/admin");
    renderLogin();
    await fillAndSubmit();

    expect(await screen.findByText("صفحة الرئيسية")).toBeInTheDocument();
  });

  it("discards a corrupt pending action and falls back to /admin", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    sessionStorage.setItem(PENDING_ACTION_KEY, "{broken");
    renderLogin();
    await fillAndSubmit();

    expect(await screen.findByText("صفحة الرئيسية")).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_ACTION_KEY)).toBeNull();
  });

  it("shows the server's message in a destructive toast on failure", async () => {
    fetchMock.mockResolvedValue(
      json({ statusCode: 401, error: "Unauthorized", message: "اسم المستخدم أو كلمة المرور غير صحيحة" }, 401),
    );
    renderLogin();
    await fillAndSubmit("admin", "wrong");

    expect(await screen.findByText("خطأ في تسجيل الدخول")).toBeInTheDocument();
    expect(screen.getByText("اسم المستخدم أو كلمة المرور غير صحيحة")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "تسجيل الدخول" })).toBeEnabled();
    expect(fetchMock).toHaveBeenCalledTimes(1); // no silent refresh for a wrong password
  });

  it("shows the server's wait message when throttled (429)", async () => {
    fetchMock.mockResolvedValue(
      json(
        { statusCode: 429, error: "Too Many Requests", message: "محاولات دخول كثيرة، يرجى المحاولة بعد 8 ثانية" },
        429,
      ),
    );
    renderLogin();
    await fillAndSubmit("admin", "wrong");

    expect(await screen.findByText("محاولات دخول كثيرة، يرجى المحاولة بعد 8 ثانية")).toBeInTheDocument();
  });

  it("falls back to the default text when the server gives no message", async () => {
    fetchMock.mockResolvedValue(new Response("", { status: 502, statusText: "Bad Gateway" }));
    renderLogin();
    await fillAndSubmit("admin", "x");

    expect(await screen.findByText("تحقق من اسم المستخدم وكلمة المرور")).toBeInTheDocument();
  });

  it('reads "جاري تسجيل الدخول..." while the request runs', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    await fillAndSubmit();

    expect(await screen.findByRole("button", { name: "جاري تسجيل الدخول..." })).toBeDisabled();
    answer(json(AUTH));
    expect(await screen.findByText("صفحة الرئيسية")).toBeInTheDocument();
  });
});
