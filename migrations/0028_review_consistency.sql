ALTER TABLE "job_seeker_profiles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "claimed_by_id" varchar;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "facts_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_facts_changed_idx" ON "job_seeker_profiles" USING btree ("facts_changed_at","id") WHERE facts_changed_at is not null;