// What the server adds to Express's request, in one place. loadCurrentUser (server/auth/current-user.ts) sets the
// user and their company from the session on every request; requireActiveCompany sets `company`.
import type { CompanyRole } from '#shared/company-team.ts';
import type { CompanyProfile, User as DbUser } from '#shared/schema.ts';

declare global {
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends DbUser {}
    interface Request {
      /** The signed-in user; undefined for signed-out callers. */
      user?: User | undefined;
      /**
       * A company account's company profile (null while it has none), read with the user in the same query; what
       * requireActiveCompany checks. Undefined for other accounts and signed-out callers.
       */
      userCompany?: CompanyProfile | null;
      /** The user's role in userCompany: its owner, or a colleague invited as admin or member. */
      userCompanyRole?: CompanyRole | null;
      /** The signed-in company's profile, set by requireActiveCompany once its subscription is checked. */
      company?: CompanyProfile;
    }
  }
}
