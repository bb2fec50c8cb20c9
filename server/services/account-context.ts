// What every account module works with: the database, the clock and the settings that links and e-mails need.
// Apart from accounts.ts so that the modules of sign-up, e-mail confirmation and passwords share it without a cycle.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { PASSWORD_PARAMS, type PasswordCost } from '../auth/passwords.ts';

export interface AccountContext {
  db: Db;
  clock: Clock;
  /** What a new password's hash costs: PASSWORD_PARAMS, lower only in tests (server/test/app.ts). */
  passwordCost: PasswordCost;
  productName: string;
  publicUrl: string;
  adminEmails: string[];
}

export function accountContext(
  config: { productName: string; publicUrl: string; adminEmails: string[] },
  db: Db,
  clock: Clock,
  passwordCost: PasswordCost = PASSWORD_PARAMS,
): AccountContext {
  return { db, clock, passwordCost, productName: config.productName, publicUrl: config.publicUrl, adminEmails: config.adminEmails };
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
