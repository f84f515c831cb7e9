/**
 * Imported first by the process entry (main.ts), before any module that loads React: React's CommonJS entries choose
 * their development or production build from `process.env.NODE_ENV` when they are first required, and the
 * development build costs 20–38 % more CPU per server-rendered page (docs/performance/web.md). So the compiled server
 * renders in production mode however it is started (`npm start`, `node dist/src/server/main.js`, a process manager
 * without NODE_ENV); only `--dev` (Vite with hot reload) keeps the development build.
 */
export const RENDER_MODE: "development" | "production" = process.argv.includes("--dev") ? "development" : "production";
process.env.NODE_ENV = RENDER_MODE;
