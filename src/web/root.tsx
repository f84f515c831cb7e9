/**
 * The document: <html lang="ar" dir="rtl">, the site configuration for every page (root loader),
 * Radix direction, and the error boundary.
 */
import { Direction } from "radix-ui";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { SiteConfig } from "../domain/site-config.ts";
import type { Route } from "./+types/root";
import "./app.css";
import "./context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const response = await context.api("/api/site");
  if (!response.ok) throw new Response("site configuration unavailable", { status: 500 });
  const site = (await response.json()) as SiteConfig;
  return { site };
}

/** The site configuration loaded by the root route, for any component. */
export function useSite(): SiteConfig {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useSite() outside the root route");
  return data.site;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ar" dir="rtl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#11504a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh antialiased">
        <Direction.Provider dir="rtl">{children}</Direction.Provider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "الصفحة غير موجودة" : "حدث خطأ"}</h1>
      <p className="text-muted">
        {notFound ? "عذراً، الرابط الذي تبحث عنه غير صحيح" : "حدث خطأ غير متوقع، يرجى المحاولة مرة أخرى."}
      </p>
      <a className="rounded-lg bg-brand-600 px-4 py-2 text-white" href="/">
        العودة إلى الرئيسية
      </a>
    </main>
  );
}
