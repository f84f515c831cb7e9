/**
 * The lead desk (src/domain/lead-desk.ts for the rules; docs/decisions/022-lead-desk-assignment-and-response-clock.md,
 * 062-lead-modules-and-events.md): who sees which lead, automatic round-robin assignment and the response clock,
 * stage changes with the unit link, logged activities, manual reassignment and merges, the paged list and the
 * timeline of one lead, the desk's settings and notifications. The one way into the desk from elsewhere.
 */
export {
  assignBacklog,
  assignNewLead,
  CLOCK_JOB_KINDS,
  cancelJobs,
  notify,
  pickAgent,
  reassignLead,
} from "./assignment.ts";
export { reassignLeads } from "./bulk-assign.ts";
export { type LeadMessageSource, onLeadMessages } from "./channel-messages.ts";
export { addEvent, type LeadViewer, openLeadOf, scopeOf } from "./common.ts";
export { getLeadDetail } from "./detail.ts";
export { latestDeliveries } from "./enquiries.ts";
export { type LeadRow, leadRow, openingEnquiry } from "./lead-row.ts";
export { leadPage, listLeads, overdueCondition } from "./list.ts";
export {
  createLostReason,
  listAgentLists,
  listLostReasons,
  listNotifications,
  markNotificationsRead,
  readLeadSettings,
  saveLeadSettings,
  setAgentAway,
  setAgentList,
  updateLostReason,
} from "./settings.ts";
export { changeLeadStage, logLeadActivity, mergeLeads, moveLeadStage, recordFirstContact } from "./stages.ts";
