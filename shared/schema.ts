// Database schema: the tables, their indexes and row types, for the server's queries and for drizzle-kit, which
// writes the migrations from it. The client never imports it; the API's shapes are in the other shared/ modules.
// Tables and fields keep the names the product was specified with; the rest is what a real product needs.
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The account a row belongs to, deleted with it. */
const belongsToUser = () => varchar('user_id').notNull().references(() => users.id, { onDelete: 'cascade' });
/** The company a row belongs to, deleted with it. */
const belongsToCompany = () => uuid('company_id').notNull().references(() => companyProfiles.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: varchar('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: varchar('email').unique(),
    firstName: varchar('first_name'),
    lastName: varchar('last_name'),
    profileImageUrl: varchar('profile_image_url'),
    role: varchar('role'),
    status: varchar('status').notNull().default('pending'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // True once the password was chosen by someone who had proven the address (a reset, or the confirmation link);
    // a password chosen before that proof may be a stranger's (docs/decisions/0016).
    passwordSetAfterProof: boolean('password_set_after_proof').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    locale: varchar('locale', { length: 16 }).notNull().default('en'),
    // Raised to end every session of the user at once (password reset).
    sessionVersion: integer('session_version').notNull().default(0),
    // The person asked to delete the account (or an administrator did, on their request): from then on it signs in
    // nowhere and its profile is hidden; the deletion job (account_deletions) erases it. A company owner's row stays
    // as an empty tombstone, because the company's invoices must be kept (docs/decisions/0039).
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_oidc_identity_idx').on(t.oidcIssuer, t.oidcSubject),
    index('users_status_idx').on(t.status),
    // The admin console's user list (server/services/user-admin.ts): newest first by keyset, and its search.
    index('users_created_at_idx').on(t.createdAt, t.id),
    // Search by any part of the e-mail or name ('%text%'): a trigram index (pg_trgm, created by migration
    // 0004_admin_console) serves infix matches, which a text_pattern_ops b-tree cannot (prefixes only). The query
    // repeats this expression exactly (userSearchText in user-admin.ts).
    index('users_search_idx').using(
      'gin',
      sql`lower(coalesce(${t.email}, '') || ' ' || coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`,
    ),
    // The administrators (few): the last-admin check locks and counts them.
    index('users_admins_idx').on(t.id).where(sql`is_admin`),
  ],
);

// Sessions (server/auth/session-store.ts): the session as JSON and its idle deadline.
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid').primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire').notNull(),
  },
  (t) => [
    index('IDX_session_expire').on(t.expire),
    // An account's sessions (its list of devices, signing them out): the user id inside the session.
    index('sessions_user_id_idx').on(sql`(${t.sess}->>'userId')`),
  ],
);

export const jobSeekerProfiles = pgTable(
  'job_seeker_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsToUser(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    location: text('location').notNull(),
    industries: text('industries').array().notNull(),
    languages: text('languages').array().notNull(),
    cvUrl: text('cv_url'),
    videoUrl: text('video_url'),
    // The resumable upload (tus id) whose video the profile waits for: a profile can be saved while its video is
    // still on its way, and stays out of the review queue until the video has arrived, which clears this and sets
    // videoUrl (docs/decisions/0034-a-profile-waits-for-its-video.md).
    videoUploadId: text('video_upload_id'),
    bio: text('bio'),
    yearsOfExperience: integer('years_of_experience'),
    subscriptionPaidUntil: timestamp('subscription_paid_until', { withTimezone: true }),
    visibility: varchar('visibility', { length: 16 }).notNull().default('visible'),
    // True while the owner is an approved job seeker (users.status 'active', role 'job_seeker'). A copy of the
    // user's state kept by triggers (migration 0003_candidate_search), so the company search filters, sorts and
    // counts on this one table through the partial indexes below. Never written by the application.
    listed: boolean('listed').notNull().default(false),
    // The last rejection's reasons, codes of REJECTION_REASONS (shared/profile.ts); null after an approval. The
    // note is the reviewer's own optional words with either decision.
    reviewReasons: text('review_reasons').array(),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    // When the job seeker last said they are still looking for work (at creation, then from /profile).
    lookingConfirmedAt: timestamp('looking_confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    // When we last asked by e-mail whether they are still looking (at most monthly).
    lookingAskedAt: timestamp('looking_asked_at', { withTimezone: true }),
    // The weekly e-mail of which companies viewed, downloaded or contacted: wanted (the e-mail's link turns it off),
    // and when it last went, so each one tells only what happened since.
    activityEmails: boolean('activity_emails').notNull().default(true),
    activityEmailedAt: timestamp('activity_emailed_at', { withTimezone: true }),
    // The hiring facts (shared/hiring-facts.ts), null where not said. Countries are ISO 3166 codes; a start date on
    // or before today means available now; no driving licence is an empty list.
    nationality: varchar('nationality', { length: 2 }),
    currentCountry: varchar('current_country', { length: 2 }),
    visaStatus: varchar('visa_status', { length: 16 }),
    availableFrom: date('available_from', { mode: 'string' }),
    drivingLicences: text('driving_licences').array(),
    licenceCountry: varchar('licence_country', { length: 2 }),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: varchar('salary_currency', { length: 3 }),
    // Which facts the review team verified: { visaStatus: { by, byEmail, at } }. An edit of a fact removes its key.
    factVerifications: jsonb('fact_verifications').$type<Record<string, { by: string; byEmail: string | null; at: string }>>().notNull().default({}),
    // When the profile last went (back) into the review queue: at creation and at each edit after a review.
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    // The reviewed fields as they were at the last review, so a reviewer sees what an edit changed.
    lastReviewedValues: jsonb('last_reviewed_values'),
    // Raised by every change a reviewer decides on (the job seeker's edits, a video's arrival, decisions, verified
    // marks): a decision names the version it was made on and is refused on any other
    // (docs/decisions/0043-decisions-name-the-version.md).
    version: integer('version').notNull().default(1),
    // The reviewer who has the profile open, until when (renewed while the page stays open): the queue skips it.
    // No foreign key: a claim lapses on its own within minutes, and deleting an account need not look here.
    claimedById: varchar('claimed_by_id'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    // When the owner of an approved profile changed a fact a reviewer checks against documents (nationality, visa
    // status, current country, licence): the profile stays visible with the facts as declared, and waits in the
    // queue's "facts changed" lane until a reviewer has looked (or decides).
    factsChangedAt: timestamp('facts_changed_at', { withTimezone: true }),
    // Text search over name, industries, languages, location and bio (weights A to D), kept by PostgreSQL.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(full_name, '')), 'A') || setweight(to_tsvector('simple', wazifa_join_words(industries)), 'B') || setweight(to_tsvector('simple', wazifa_join_words(languages) || ' ' || coalesce(location, '')), 'C') || setweight(to_tsvector('english', coalesce(bio, '')), 'D')`,
    ),
    // The same over the start of the bio only (whole words, at most 160 bytes; wazifa_bio_head, migration 0005),
    // so that it fits in the search's sort indexes whatever the bio; searchComplete says whether it is all of it.
    searchHead: tsvector('search_head').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(full_name, '')), 'A') || setweight(to_tsvector('simple', wazifa_join_words(industries)), 'B') || setweight(to_tsvector('simple', wazifa_join_words(languages) || ' ' || coalesce(location, '')), 'C') || setweight(to_tsvector('english', wazifa_bio_head(bio)), 'D')`,
    ),
    searchComplete: boolean('search_complete').generatedAlwaysAs(sql`coalesce(octet_length(bio), 0) <= 160`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One profile per job seeker.
    uniqueIndex('job_seeker_profiles_user_id_idx').on(t.userId),
    // The clean-up of unused uploads asks whether a profile uses a file.
    index('job_seeker_profiles_cv_url_idx').on(t.cvUrl),
    index('job_seeker_profiles_video_url_idx').on(t.videoUrl),
    // The CV and video a reviewer last decided on are kept until the next decision (the review shows what changed).
    index('job_seeker_profiles_reviewed_cv_url_idx')
      .on(sql`(${t.lastReviewedValues} ->> 'cvUrl')`)
      .where(sql`last_reviewed_values is not null`),
    index('job_seeker_profiles_reviewed_video_url_idx')
      .on(sql`(${t.lastReviewedValues} ->> 'videoUrl')`)
      .where(sql`last_reviewed_values is not null`),
    index('job_seeker_profiles_submitted_at_idx').on(t.submittedAt),
    // The queue's "facts changed" lane, oldest change first.
    index('job_seeker_profiles_facts_changed_idx').on(t.factsChangedAt, t.id).where(sql`facts_changed_at is not null`),
    index('job_seeker_profiles_search_idx').using('gin', t.searchVector),
    // The admin console finds a job seeker's account by the name on the profile too (trigram, as users_search_idx).
    index('job_seeker_profiles_full_name_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
    // The company search (server/services/candidate-search/) only ever reads listed, visible profiles: its
    // indexes hold just those rows. One per sort order (keyset pages), one per filter. The two sort indexes also
    // carry (INCLUDE) search_head and the filtered columns, which drizzle cannot declare: migration 0005 adds them.
    // "Newest" is the newest sign of life: when the job seeker last said they are still looking (at creation, then
    // from /profile or the monthly e-mail), so fresh profiles come first, in relevance's tiers too.
    index('job_seeker_profiles_listed_newest_idx')
      .on(t.lookingConfirmedAt.desc(), t.id.desc())
      .where(sql`listed and visibility = 'visible'`),
    // Years as the search reads them: unknown years (null) sort last as -1, so pages and ranges are one index range.
    index('job_seeker_profiles_listed_experience_idx')
      .on(sql`coalesce(${t.yearsOfExperience}, -1) desc`, t.id.desc())
      .where(sql`listed and visibility = 'visible'`),
    // The name's part of the search vector alone: the search finds the few profiles of the name's relevance tier
    // through it instead of walking (server/services/candidate-search/text-match.ts).
    index('job_seeker_profiles_listed_name_idx')
      .using('gin', sql`to_tsvector('simple', ${t.fullName})`)
      .where(sql`listed and visibility = 'visible'`),
    index('job_seeker_profiles_listed_location_idx')
      .on(t.location)
      .where(sql`listed and visibility = 'visible'`),
    // The hiring facts a search may ask for alone and find few of (the sort indexes carry them all too).
    index('job_seeker_profiles_listed_nationality_idx')
      .on(t.nationality)
      .where(sql`listed and visibility = 'visible'`),
    index('job_seeker_profiles_listed_visa_status_idx')
      .on(t.visaStatus, t.currentCountry)
      .where(sql`listed and visibility = 'visible'`),
    index('job_seeker_profiles_listed_available_from_idx')
      .on(t.availableFrom)
      .where(sql`listed and visibility = 'visible'`),
    index('job_seeker_profiles_listed_industries_idx')
      .using('gin', t.industries)
      .where(sql`listed and visibility = 'visible'`),
    index('job_seeker_profiles_listed_languages_idx')
      .using('gin', t.languages)
      .where(sql`listed and visibility = 'visible'`),
    index('job_seeker_profiles_listed_search_idx')
      .using('gin', t.searchVector)
      .where(sql`listed and visibility = 'visible'`),
  ],
);

export const companyProfiles = pgTable(
  'company_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsToUser(),
    companyName: text('company_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    // Printed on invoices issued after they are given: the trade licence number, and the VAT registration number (TRN)
    // as the buyer's on tax invoices.
    tradeLicenceNumber: text('trade_licence_number'),
    vatNumber: varchar('vat_number', { length: 15 }),
    // The public employer page's address (/employers/<slug>): the name's words and a piece of the id, made once.
    slug: varchar('slug', { length: 96 }).unique(),
    // The trade licence as the company gave it for checking: who issued it (an emirate's code such as AE-DU, or a
    // country), until when it runs, and the document (objects key). Our team checks it and marks the employer
    // verified; the mark counts only until the licence expires, and is taken away when the company changes these.
    licenceIssuer: varchar('licence_issuer', { length: 8 }),
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }),
    licenceDocumentKey: text('licence_document_key'),
    employerVerifiedAt: timestamp('employer_verified_at', { withTimezone: true }),
    employerVerifiedBy: varchar('employer_verified_by').references(() => users.id, { onDelete: 'set null' }),
    subscriptionPlan: varchar('subscription_plan', { length: 16 }).notNull(),
    subscriptionStatus: varchar('subscription_status', { length: 24 }).notNull().default('pending_payment'),
    paymentVerifiedAt: timestamp('payment_verified_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    subscriptionStartDate: timestamp('subscription_start_date', { withTimezone: true }),
    subscriptionEndDate: timestamp('subscription_end_date', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_profiles_user_id_idx').on(t.userId),
    index('company_profiles_status_idx').on(t.subscriptionStatus, t.createdAt),
    index('company_profiles_employer_verified_by_idx').on(t.employerVerifiedBy),
    // The verified employers a job seeker looks up by name (to block one): few, read through this.
    index('company_profiles_verified_name_idx').on(t.companyName).where(sql`employer_verified_at is not null`),
    // Any part of the name, case aside (pg_trgm): the console's search of payments.
    index('company_profiles_name_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
  ],
);

// Gap-free invoice numbers: one counter row per year, incremented in the invoice's transaction.
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: varchar('number', { length: 32 }).notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companyProfiles.id, { onDelete: 'restrict' }),
    plan: varchar('plan', { length: 16 }).notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('AED'),
    subtotalFils: bigint('subtotal_fils', { mode: 'number' }).notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    vatFils: bigint('vat_fils', { mode: 'number' }).notNull(),
    totalFils: bigint('total_fils', { mode: 'number' }).notNull(),
    // Seller and buyer as they were when the invoice was issued: an issued invoice never changes.
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('issued'),
    bankReference: text('bank_reference'),
    // What the company said when it pressed "I have paid": the day of its transfer and, if given, the bank's reference.
    paymentDeclaredAt: timestamp('payment_declared_at', { withTimezone: true }),
    declaredTransferDate: date('declared_transfer_date', { mode: 'string' }),
    declaredReference: text('declared_reference'),
    verifiedById: varchar('verified_by_id').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_year_sequence_idx').on(t.year, t.sequence),
    index('invoices_company_id_idx').on(t.companyId, t.issuedAt),
    index('invoices_verified_by_id_idx').on(t.verifiedById),
    index('invoices_status_idx').on(t.status, t.issuedAt),
    // The invoices awaiting payment in the console's order: those the company says it has paid first, the longest
    // waiting first (server/services/awaiting-payments.ts repeats these expressions exactly).
    index('invoices_awaiting_payment_idx')
      .on(sql`(${t.paymentDeclaredAt} is null)`, sql`coalesce(${t.paymentDeclaredAt}, ${t.issuedAt})`, t.id)
      .where(sql`${t.status} = 'issued'`),
    // Its search: any part of the declared reference or of the number, by their letters and digits alone (pg_trgm),
    // and the amount.
    index('invoices_awaiting_reference_trgm_idx')
      .using('gin', sql`regexp_replace(lower(${t.declaredReference}), '[^[:alnum:]]', '', 'g') gin_trgm_ops`)
      .where(sql`${t.status} = 'issued'`),
    index('invoices_awaiting_number_trgm_idx')
      .using('gin', sql`regexp_replace(lower(${t.number}), '[^[:alnum:]]', '', 'g') gin_trgm_ops`)
      .where(sql`${t.status} = 'issued'`),
    index('invoices_awaiting_total_idx').on(t.totalFils).where(sql`${t.status} = 'issued'`),
  ],
);

// Every uploaded file. Its access rule lives here: who owns it and whether it passed its checks.
export const objects = pgTable(
  'objects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    ownerId: varchar('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    // Anonymous uploads (careers resumes) are tied to a token kept hashed.
    uploadTokenHash: text('upload_token_hash'),
    kind: varchar('kind', { length: 16 }).notNull(),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    // 'pending' until the file is checked, then 'ready' (usable) or 'refused' (file deleted; the row stays until the
    // clean-up, so it can still find what the upload link writes until it expires).
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    // Where the browser's upload link writes; finishing moves the file to `key`, which no link can write
    // (docs/decisions/0007). Cleared once the link is dead and anything it wrote later is deleted.
    uploadKey: text('upload_key').unique(),
    // Where it plays from when that is not /objects/<key> (a video kept by a video host).
    url: text('url'),
    // The resumable upload (tus id) a video arrived by: a profile saved with that upload's id finds the video by it,
    // and a browser asking after the upload once it is gone hears it is complete.
    resumableUploadId: text('resumable_upload_id'),
    // A video the app made playable (docs/video.md): its length, and its poster image at poster/<the same id>.
    durationMs: integer('duration_ms'),
    posterKey: text('poster_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('objects_owner_id_idx').on(t.ownerId),
    index('objects_status_created_at_idx').on(t.status, t.createdAt),
    index('objects_created_at_idx').on(t.createdAt),
    uniqueIndex('objects_resumable_upload_id_idx').on(t.resumableUploadId).where(sql`resumable_upload_id is not null`),
  ],
);

// Videos waiting to be made playable on every phone (H.264/AAC MP4 and a poster, docs/video.md). A worker in each
// app process takes one at a time (row lock, SKIP LOCKED); a failed try is retried later, a file ffmpeg cannot read
// is not. Done rows stay as the record the admin console shows.
export const videoJobs = pgTable(
  'video_jobs',
  {
    objectKey: text('object_key')
      .primaryKey()
      .references(() => objects.key, { onDelete: 'cascade' }),
    // 'queued', 'running', 'done' or 'failed'.
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    // A running job whose worker died is taken again after this.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    // The error code of the last failure (shared/errors.ts), and what ffmpeg said, for the console.
    errorCode: varchar('error_code', { length: 48 }),
    errorDetail: text('error_detail'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('video_jobs_state_run_after_idx').on(t.state, t.runAfter)],
);

export const careerApplications = pgTable(
  'career_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    linkedinUrl: text('linkedin_url'),
    message: text('message'),
    resumeUrl: text('resume_url').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedById: varchar('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('career_applications_created_at_idx').on(t.createdAt),
    // One application per uploaded resume.
    uniqueIndex('career_applications_resume_url_idx').on(t.resumeUrl),
    index('career_applications_reviewed_by_id_idx').on(t.reviewedById),
    // The admin console's queue of applications nobody has looked at yet (newest first), and its count.
    index('career_applications_unreviewed_idx').on(t.createdAt, t.id).where(sql`reviewed_at is null`),
  ],
);

// The colleagues of a company's owner (company_profiles.user_id): each works in the company, one company per account.
// An 'admin' also sees and pays the bills; a 'member' searches, shortlists and contacts.
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: belongsToCompany(),
    userId: belongsToUser(),
    role: varchar('role', { length: 16 }).notNull().default('member'),
    invitedById: varchar('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    uniqueIndex('company_members_user_id_idx').on(t.userId),
    index('company_members_invited_by_id_idx').on(t.invitedById),
  ],
);

// Invitations to join a company, by e-mail, with a single-use link (its hash kept) that expires after 7 days.
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: belongsToCompany(),
    email: text('email').notNull(),
    role: varchar('role', { length: 16 }).notNull().default('member'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedById: varchar('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: varchar('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('company_invitations_company_id_idx').on(t.companyId, t.createdAt),
    index('company_invitations_invited_by_id_idx').on(t.invitedById),
    index('company_invitations_accepted_by_id_idx').on(t.acceptedById),
  ],
);

// Requests sent through the Contact Sales form: kept for the team (the admin console lists them) and announced to the
// sales address. Handled once, by one admin.
export const salesRequests = pgTable(
  'sales_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    plan: varchar('plan', { length: 16 }).notNull(),
    message: text('message'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledById: varchar('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sales_requests_created_at_idx').on(t.createdAt, t.id),
    index('sales_requests_handled_by_id_idx').on(t.handledById),
    // The console's queue of requests nobody has answered yet (newest first), and its count.
    index('sales_requests_open_idx').on(t.createdAt, t.id).where(sql`handled_at is null`),
  ],
);

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** The message as the admin console may show it: links that act for the recipient are placeholders. */
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Values of those placeholders (name -> link), until delivery or the link's expiry (docs/decisions/0015). */
    secrets: jsonb('secrets').$type<Record<string, string>>(),
    /** When the links in secrets stop working; kept after secrets are cleared, so a retry knows they are gone. */
    secretsExpireAt: timestamp('secrets_expire_at', { withTimezone: true }),
    template: varchar('template', { length: 64 }).notNull(),
    /** pending, sent (a mail server took it), logged (no SMTP_URL: only the server's log has it) or failed. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_at_idx').on(t.createdAt),
    // The admin console's outbox by status, newest first (keyset), and its search by recipient (trigram).
    index('email_outbox_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('email_outbox_to_address_trgm_idx').using('gin', sql`lower(${t.toAddress}) gin_trgm_ops`),
    // The worker's sweep of links that expired before they were sent.
    index('email_outbox_secrets_expire_at_idx').on(t.secretsExpireAt).where(sql`secrets is not null`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: varchar('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 64 }).notNull(),
    subjectType: varchar('subject_type', { length: 32 }).notNull(),
    subjectId: text('subject_id').notNull(),
    details: jsonb('details').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_id_idx').on(t.actorId, t.at),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

export const candidateEvents = pgTable(
  'candidate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: belongsToCompany(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => jobSeekerProfiles.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 24 }).notNull(),
    channel: varchar('channel', { length: 16 }),
    // Which person of the company did it (a team shares one company).
    userId: varchar('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_events_company_id_idx').on(t.companyId, t.at),
    index('candidate_events_profile_id_idx').on(t.profileId, t.at),
    index('candidate_events_user_id_idx').on(t.userId),
    // The last week's events, for the job seekers' weekly e-mail of who looked at them.
    index('candidate_events_at_idx').on(t.at),
  ],
);

// A job seeker's block of a company: the company (every member of it) no longer finds the profile, by search or by
// id, and its shortlist hides it. Applied by the search's own SQL (company_id, profile_id).
export const companyBlocks = pgTable(
  'company_blocks',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => jobSeekerProfiles.id, { onDelete: 'cascade' }),
    companyId: belongsToCompany(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.companyId] }), index('company_blocks_company_id_idx').on(t.companyId, t.profileId)],
);

// What job seekers report about a company (asked for money, a fake job, harassment, other), for the admin's queue.
export const companyReports = pgTable(
  'company_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: belongsToCompany(),
    reporterId: varchar('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 24 }).notNull(),
    details: text('details').notNull(),
    // An optional screenshot (objects key; a JPEG, PNG or WebP image checked by its bytes).
    screenshotKey: text('screenshot_key'),
    createdAt: createdAt(),
    // The admin's answer, e-mailed to the reporter in their language; answering closes the report.
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: varchar('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('company_reports_open_idx').on(t.answeredAt, t.createdAt),
    index('company_reports_company_id_idx').on(t.companyId, t.createdAt),
    index('company_reports_reporter_id_idx').on(t.reporterId),
    index('company_reports_answered_by_idx').on(t.answeredBy),
  ],
);

// Agreement to the privacy policy and terms: which version (the date they were last changed), when, and where
// (creating a profile or a company, or the prompt after a change). Kept as a record: rows are added, not changed.
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsToUser(),
    version: varchar('version', { length: 10 }).notNull(),
    via: varchar('via', { length: 16 }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_user_id_idx').on(t.userId, t.acceptedAt)],
);

export const shortlists = pgTable(
  'shortlists',
  {
    companyId: belongsToCompany(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => jobSeekerProfiles.id, { onDelete: 'cascade' }),
    note: text('note'),
    // Who of the team last wrote the note.
    noteAuthorId: varchar('note_author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.profileId] }),
    index('shortlists_profile_id_idx').on(t.profileId),
    index('shortlists_note_author_id_idx').on(t.noteAuthorId),
  ],
);

// A company's saved searches of the Job Seeker Database; with an alert, an e-mail lists the profiles approved since
// `alert_since` once `next_alert_at` has come.
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: belongsToCompany(),
    name: varchar('name', { length: 80 }).notNull(),
    // /dashboard's query string of the search (shared/saved-searches.ts writes it).
    query: text('query').notNull(),
    // 'none', 'daily' or 'weekly'.
    alert: varchar('alert', { length: 8 }).notNull().default('none'),
    alertSince: timestamp('alert_since', { withTimezone: true }).notNull().defaultNow(),
    nextAlertAt: timestamp('next_alert_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_searches_company_name_idx').on(t.companyId, t.name),
    index('saved_searches_due_idx').on(t.nextAlertAt).where(sql`alert <> 'none'`),
  ],
);

// Single-use links sent by e-mail (verify address, reset password); only a hash of the token is kept.
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsToUser(),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // users.session_version when the link was made: whatever ends every session of the account (a new password,
    // signing out the other devices, removal from a team, suspension) raises it and so voids the link too.
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_id_idx').on(t.userId, t.purpose)],
);

// Fixed-window counters for rate limits, shared by every process of the product.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
);

// Who is writing to a resumable video upload: one request at a time across every process, since the pieces of an
// upload kept in a bucket may arrive through any instance. A lease, renewed while the request runs; a process that
// died holds it until it expires. `release_requested` asks the holder to stop (its client has gone and come back).
export const videoUploadLocks = pgTable('video_upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  releaseRequested: boolean('release_requested').notNull().default(false),
});

// Copies of a person's (or a company's) data asked for from /profile or /account: a ZIP made in the background (one
// worker at a time takes a row: row lock, SKIP LOCKED, and a lease a dead worker's row is taken again after), kept in
// object storage at export/<id> and offered by a signed link until `expires_at`; then the file goes and the row says
// 'expired'.
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Who asked, and receives the link.
    userId: belongsToUser(),
    // 'person' (the account's own data) or 'company' (the company's, asked by its owner).
    scope: varchar('scope', { length: 16 }).notNull(),
    companyId: uuid('company_id').references(() => companyProfiles.id, { onDelete: 'cascade' }),
    // 'queued', 'running', 'ready', 'failed' or 'expired'.
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    objectKey: text('object_key'),
    size: bigint('size', { mode: 'number' }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    errorDetail: text('error_detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_exports_user_id_idx').on(t.userId, t.createdAt),
    index('data_exports_company_id_idx').on(t.companyId),
    index('data_exports_due_idx').on(t.state, t.runAfter),
    index('data_exports_expires_at_idx').on(t.expiresAt).where(sql`state = 'ready'`),
  ],
);

// Accounts to erase, asked for by their owner or by an administrator on the person's request. The account is hidden
// and signed out at once; a worker then deletes files, hosted videos and rows, and scrubs the person's name, e-mail
// and phone from the outbox and the audit log. The row stays as an anonymous record: no foreign key to the account
// (gone by then), only counts in `summary`.
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: varchar('user_id').notNull().unique(),
    role: varchar('role', { length: 16 }),
    // The administrator who asked on the person's behalf; null when the person asked.
    requestedById: varchar('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    // 'queued', 'running', 'done' or 'failed' (tried again later: a file store was unreachable).
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    errorDetail: text('error_detail'),
    summary: jsonb('summary').$type<Record<string, number>>(),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('account_deletions_due_idx').on(t.state, t.runAfter), index('account_deletions_requested_by_id_idx').on(t.requestedById)],
);

// Backups of the database and the stored files (docs/operations.md, "Backups"). One row per archive: the daily one
// is claimed through its unique `scheduled_for` slot, so across instances it is made once; the maker renews
// `lease_until` while it works, and a slot whose maker died is taken again once the lease runs out. `file_name` is
// the archive's name in DATA_DIR/backups, or its key under backups/ in the bucket. Left out of the archives
// themselves: it describes them.
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // 'daily' (the server's own) or 'command' (npm run backup).
    trigger: varchar('trigger', { length: 16 }).notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).unique(),
    // 'running', 'succeeded' or 'failed'.
    state: varchar('state', { length: 16 }).notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    instance: text('instance'),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    summary: jsonb('summary').$type<{ rows: number; files: number; fileBytes: number; migration: string }>(),
    errorDetail: text('error_detail'),
    // When BACKUP_KEEP removed its archive.
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('backups_started_at_idx').on(t.startedAt)],
);

// Each running server process, seen every 20 seconds (the console's System page lists those seen in the last
// minute). Rows of processes gone for a day are removed. Left out of the backups.
export const appInstances = pgTable(
  'app_instances',
  {
    id: text('id').primaryKey(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    version: text('version').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('app_instances_seen_at_idx').on(t.seenAt)],
);

// Something an administrator must hear about (a failed backup, e-mails failing for an hour, a video job stuck for an
// hour): one row per incident, opened once (one e-mail to every administrator) and resolved once (one more). At most
// one open incident of a kind, kept by the partial unique index, so several instances never open it twice.
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // 'backup_failed', 'emails_failing' or 'video_job_stuck'.
    kind: varchar('kind', { length: 32 }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    detail: jsonb('detail').$type<Record<string, string | number>>(),
  },
  (t) => [
    uniqueIndex('incidents_open_kind_idx').on(t.kind).where(sql`resolved_at is null`),
    index('incidents_opened_at_idx').on(t.openedAt),
  ],
);

export type User = typeof users.$inferSelect;
export type JobSeekerProfile = typeof jobSeekerProfiles.$inferSelect;
export type SalesRequestRow = typeof salesRequests.$inferSelect;
export type CompanyProfile = typeof companyProfiles.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type StoredObject = typeof objects.$inferSelect;
export type VideoJob = typeof videoJobs.$inferSelect;
export type CareerApplication = typeof careerApplications.$inferSelect;
export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type DataExport = typeof dataExports.$inferSelect;
export type AccountDeletion = typeof accountDeletions.$inferSelect;
export type Backup = typeof backups.$inferSelect;
export type Incident = typeof incidents.$inferSelect;
