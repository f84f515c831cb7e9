/** Types of bench/production-server.mjs for the TypeScript benches (see that module's comment). */
export interface ProductionServer {
  /** http://127.0.0.1:{port} */
  base: string;
  pid: number | undefined;
  /** Signs in the seeded "admin". */
  adminPassword: string;
  /** Ends the server and removes its temporary folder. */
  stop: () => void;
}

export function startProductionServer(
  root: string,
  options?: { env?: Record<string, string> },
): Promise<ProductionServer>;

export function publishCampaignPage(
  base: string,
  adminPassword: string,
  slug: string,
): Promise<{ projectId: number; slugPath: string; platformPath: string }>;
