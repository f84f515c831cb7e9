import type { Project } from "../../../domain/types.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.api("/api/projects");
  return { projects: (await res.json()) as Project[] };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>الرئيسية</h1>
      <ul>
        {loaderData.projects.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
    </main>
  );
}
