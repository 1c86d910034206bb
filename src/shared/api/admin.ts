import type { AppEnv } from '../environment.ts';

/** GET /api/admin/environment. */
export interface AdminEnvironment {
  appEnv: AppEnv;
  appName: string;
  backendUrl: string;
  database: string;
  debug: boolean;
  payments: 'stripe' | 'demo';
  crm: 'brevo' | 'log';
  email: 'smtp' | 'log';
  metaPixel: boolean;
  adminCount: number;
}

/** GET /api/admin/outbox. */
export interface AdminOutbox {
  pending: number;
  delivered: number;
  failed: number;
  lastErrors: {
    id: number;
    name: string;
    status: string;
    attempts: number;
    error: string;
    nextAttemptAt: string | null;
    createdAt: string;
  }[];
}
