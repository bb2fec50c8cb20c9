CREATE TABLE "company_blocks" (
	"profile_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_blocks_profile_id_company_id_pk" PRIMARY KEY("profile_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "company_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"reporter_id" varchar,
	"reason" varchar(24) NOT NULL,
	"details" text NOT NULL,
	"screenshot_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" varchar
);
--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "slug" varchar(96);--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "licence_issuer" varchar(8);--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "licence_expires_on" date;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "licence_document_key" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "employer_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "employer_verified_by" varchar;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "activity_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "activity_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_blocks" ADD CONSTRAINT "company_blocks_profile_id_job_seeker_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."job_seeker_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_blocks" ADD CONSTRAINT "company_blocks_company_id_company_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reports" ADD CONSTRAINT "company_reports_company_id_company_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reports" ADD CONSTRAINT "company_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reports" ADD CONSTRAINT "company_reports_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_blocks_company_id_idx" ON "company_blocks" USING btree ("company_id","profile_id");--> statement-breakpoint
CREATE INDEX "company_reports_open_idx" ON "company_reports" USING btree ("answered_at","created_at");--> statement-breakpoint
CREATE INDEX "company_reports_company_id_idx" ON "company_reports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_reports_reporter_id_idx" ON "company_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "company_reports_answered_by_idx" ON "company_reports" USING btree ("answered_by");--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_employer_verified_by_users_id_fk" FOREIGN KEY ("employer_verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_events_at_idx" ON "candidate_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "company_profiles_employer_verified_by_idx" ON "company_profiles" USING btree ("employer_verified_by");--> statement-breakpoint
CREATE INDEX "company_profiles_verified_name_idx" ON "company_profiles" USING btree ("company_name") WHERE employer_verified_at is not null;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- Every company's public page address: its name's Latin letters and digits, and the first 8 hex digits of its id.
UPDATE "company_profiles" SET "slug" = concat_ws('-', nullif(trim(both '-' from left(lower(regexp_replace("company_name", '[^A-Za-z0-9]+', '-', 'g')), 80)), ''), left(replace("id"::text, '-', ''), 8));
