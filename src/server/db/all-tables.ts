/**
 * The tables given to Drizzle as its schema (connection.ts, test-utils/global-setup.ts): those of schema.ts and of the
 * tables/ files of the first areas, by name.
 */
import {
  contactMessages,
  landingCampaigns,
  landingPages,
  leads,
  projects,
  projectUpdates,
  units,
  users,
} from "./schema.ts";
import { auditLogs, permissions, rolePermissions, userPermissions } from "./tables/access.ts";
import {
  knownDevices,
  loginChallenges,
  loginThrottle,
  previewTokens,
  rateLimits,
  recoveryCodes,
  roleSettings,
  sessionRefreshTokens,
  sessions,
  userTwoFactor,
} from "./tables/auth.ts";
import { campaignDailyVisits, campaignSpend, conversionConnections, conversionEvents } from "./tables/conversions.ts";
import {
  leadAgentStatus,
  leadAgents,
  leadDeskSettings,
  leadEvents,
  leadJobs,
  leadLostReasons,
  notifications,
  webhookDeliveries,
} from "./tables/lead-desk.ts";
import { fileHashes } from "./tables/system.ts";

export const schema = {
  users,
  sessions,
  loginThrottle,
  knownDevices,
  sessionRefreshTokens,
  userTwoFactor,
  recoveryCodes,
  loginChallenges,
  roleSettings,
  previewTokens,
  rateLimits,
  projects,
  units,
  projectUpdates,
  landingPages,
  landingCampaigns,
  contactMessages,
  leads,
  webhookDeliveries,
  leadEvents,
  leadLostReasons,
  leadAgents,
  leadAgentStatus,
  leadDeskSettings,
  leadJobs,
  notifications,
  permissions,
  rolePermissions,
  userPermissions,
  fileHashes,
  auditLogs,
  conversionConnections,
  conversionEvents,
  campaignDailyVisits,
  campaignSpend,
};
