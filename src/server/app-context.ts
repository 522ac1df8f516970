import type { AiEngine } from './ai/ai-engine';
import type { ChatTextStreams } from './ai/chat/chat-text-streams';
import type { DataAnalysis } from './analysis/data-analysis-service';
import type { Auth } from './auth/auth';
import type { LiveDocuments } from './collaboration/live-documents';
import type { SessionCache } from './auth/session-cache';
import type { Config } from './config/config';
import type { Database } from './db/database';
import type { DatabaseEvents } from './db/database-events';
import type { Literature } from './literature/literature-service';
import type { OutboundHttp } from './net/outbound/outbound-http';
import type { JobQueue } from './queue/job-queue';
import type { PaperAccessEvents } from './sharing/paper-access-events';

/** What route plugins and commands receive: the process's long-lived services. */
export interface AppContext {
  config: Config;
  database: Database;
  /** Events between the processes of this database (LISTEN/NOTIFY on PostgreSQL). */
  events: DatabaseEvents;
  /** Tells every process when someone's access to a paper changed. */
  paperAccess: PaperAccessEvents;
  auth: Auth;
  /** Signed-in users by session cookie, cleared by every session or user change. */
  sessions: SessionCache;
  queue: JobQueue;
  literature: Literature;
  /** Every HTTP request made on a user's behalf goes through it (docs/security.md). */
  outbound: OutboundHttp;
  /** Stops the periodic sweeps: held charges orphaned by a crash, wizard drafts left behind. */
  stopSweepers: () => void;
  ai: AiEngine;
  /** The chat answers' text while their jobs write it, in every process. */
  chatText: ChatTextStreams;
  /** Data analysis kernels (src/server/analysis). */
  analysis: DataAnalysis;
  /** Papers' live documents (src/server/collaboration): every writer of content goes through it. */
  liveDocuments: LiveDocuments;
}
