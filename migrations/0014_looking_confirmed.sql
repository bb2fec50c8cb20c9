ALTER TABLE "job_seeker_profiles" ADD COLUMN "looking_confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Profiles from before: the last time their owner showed they were looking (created, sent for review, approved).
UPDATE "job_seeker_profiles" SET "looking_confirmed_at" = greatest("created_at", "submitted_at", coalesce("reviewed_at", "created_at"));
