/**
 * GET /api/admin/dashboard (issue 20, "Dashboard"): the figures that tell an admin the state of
 * the business at a glance, the last 90 Danish days per day, and the newest staff actions.
 */
import { z } from 'zod';
import { QR_STATUSES } from './qr-lifecycle';

/** The charts' span: 90 Danish calendar days, today the last. */
export const DASHBOARD_DAYS = 90;
/** "New this week": the last 7 Danish calendar days, today included, so it is the charts' last 7 bars. */
export const WEEK_DAYS = 7;
/** How many staff actions "Seneste handlinger" shows. */
export const RECENT_ACTIVITY_LIMIT = 20;

const count = z.number().int().nonnegative();
const totalAndNew = z.object({ total: count, newThisWeek: count });

export const staffActivity = z.object({
  id: z.number(),
  /** The actor's name as it was when they acted (the audit log keeps it). */
  actorName: z.string(),
  /** 'area.verb' (shared/staff-actions.ts says it in Danish). */
  action: z.string(),
  /** The account acted on; `name` is empty when the account has since been erased. */
  target: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** Anything else acted on: 'contact-message:<id>', 'qr-package:<id>'. */
  subject: z.string().nullable(),
  at: z.string(),
});
export type StaffActivity = z.infer<typeof staffActivity>;

export const dashboardResponse = z.object({
  accounts: totalAndNew,
  /** Memorials not deleted. */
  memorials: totalAndNew,
  qrCodes: z.object({ byStatus: z.record(z.enum(QR_STATUSES), count) }),
  /** Posts waiting for a family's decision, on memorials not deleted. */
  postsPending: count,
  /** Contact messages no one has answered yet (status 'new'). */
  contactMessagesWaiting: count,
  /**
   * Requests about personal data no one has answered yet (status 'new'), the nearest deadline (ISO)
   * and how many are past theirs: the law gives a month (shared/contact.ts).
   */
  dataRequests: z.object({ open: count, overdue: count, nextAnswerBy: z.string().nullable() }),
  /** Background jobs given up on: in the last 24 hours, and all still in the table. */
  failedJobs: z.object({ lastDay: count, total: count }),
  series: z.object({
    /** YYYY-MM-DD, Danish calendar days, oldest first; the arrays below have one number per day. */
    days: z.array(z.string()),
    signUps: z.array(count),
    /** Memorials made that day and not deleted since. */
    memorials: z.array(count),
    /** Codes locked to an account (the 'claimed' step) that day. */
    qrActivations: z.array(count),
  }),
  /** The newest staff actions first. */
  recentActivity: z.array(staffActivity),
});
export type Dashboard = z.infer<typeof dashboardResponse>;
