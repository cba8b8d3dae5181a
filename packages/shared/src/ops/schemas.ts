/**
 * What an operator reads about a running instance (decisions 0021, 0027): the readiness report of
 * GET /api/ready and the job queue counts of GET /api/admin/jobs, shared by the server that answers
 * and the admin System page that shows them.
 */

/** One dependency's readiness check. */
export interface CheckResult {
  /** "database", "redis", "objectStore". */
  name: string;
  /** Whether the instance is useless without it (a required one down makes the answer 503). */
  required: boolean;
  state: 'up' | 'down';
  /** How long the check took, in milliseconds (up to the timeout for one that did not answer). */
  latencyMs: number;
}

export interface ReadinessReport {
  status: 'ready' | 'not_ready' | 'draining';
  checks: CheckResult[];
}

/** One job queue's counts. */
export interface QueueCounts {
  name: string;
  /** Waiting to run: scheduled for later, due, or waiting for a retry. */
  waiting: number;
  retrying: number;
  active: number;
  completed: number;
  /** Failed after all its tries (kept, and a copy waits in the dead-letter queue). */
  failed: number;
}

/** The notification e-mail outbox: events waiting, and those whose mail failed at least once. */
export interface OutboxDepth {
  waiting: number;
  failing: number;
}

export interface JobsReport {
  queues: QueueCounts[];
  emailOutbox: OutboxDepth;
}
