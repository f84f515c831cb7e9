import { z } from "zod";
import { TEXTS } from "../texts.ts";
import { text } from "./text.ts";

/** Login form and POST /api/auth/login body (SPEC §5.2). Username is trimmed and lower-cased. */
export const loginSchema = z.object({
  username: text({ error: TEXTS.usernameRequired })
    .trim()
    .toLowerCase()
    .min(1, TEXTS.usernameRequired)
    .max(100, TEXTS.usernameRequired),
  password: text({ error: TEXTS.passwordRequired }).min(1, TEXTS.passwordRequired).max(256),
});
export type LoginInput = z.infer<typeof loginSchema>;
