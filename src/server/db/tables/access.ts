import { boolean, index, jsonb, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, belongsToUuid, createdAt } from "../columns.ts";
import { users } from "../schema.ts";

export const permissions = pgTable(
  "permissions",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("permissions_key_key").on(t.key)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    id: serial("id").primaryKey(),
    role: text("role").notNull(),
    permissionId: belongsTo("permission_id", () => permissions.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("role_permissions_role_permission_key").on(t.role, t.permissionId)],
);

export const userPermissions = pgTable(
  "user_permissions",
  {
    id: serial("id").primaryKey(),
    userId: belongsToUuid("user_id", () => users.id),
    permissionId: belongsTo("permission_id", () => permissions.id),
    granted: boolean("granted").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_permissions_user_permission_key").on(t.userId, t.permissionId)],
);

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    action: text("action").notNull(),
    previousState: jsonb("previous_state"),
    newState: jsonb("new_state"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_created_at_idx").on(t.createdAt),
    index("audit_logs_entity_idx").on(t.entityType, t.entityId),
    index("audit_logs_user_id_idx").on(t.userId),
  ],
);
