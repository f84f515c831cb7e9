/**
 * The scalars every response shape of the /api routes shares (docs: src/domain/schemas/api.ts): an ISO-8601 date-time
 * with its offset, and an integer record id.
 */
import { z } from "zod";

export const dateTime = z.iso.datetime({ offset: true });
export const id = z.number().int();
