ALTER TABLE "job_seeker_profiles" ADD COLUMN "nationality" varchar(2);--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "current_country" varchar(2);--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "visa_status" varchar(16);--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "driving_licences" text[];--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "licence_country" varchar(2);--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "salary_min" integer;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "salary_max" integer;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "salary_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "fact_verifications" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_nationality_idx" ON "job_seeker_profiles" USING btree ("nationality") WHERE listed and visibility = 'visible';--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_visa_status_idx" ON "job_seeker_profiles" USING btree ("visa_status","current_country") WHERE listed and visibility = 'visible';--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_available_from_idx" ON "job_seeker_profiles" USING btree ("available_from") WHERE listed and visibility = 'visible';--> statement-breakpoint
-- The two sort indexes also carry the hiring facts a search filters on, so a page that walks them still reads the
-- index alone (docs/decisions/0012). Same names, keys and predicates as migration 0016; drizzle cannot write INCLUDE.
DROP INDEX IF EXISTS "job_seeker_profiles_listed_newest_idx";--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_newest_idx" ON "job_seeker_profiles" USING btree ("looking_confirmed_at" DESC NULLS LAST,"id" DESC NULLS LAST)
  INCLUDE ("search_head", "search_complete", "industries", "languages", "location", "years_of_experience", "video_url",
    "nationality", "current_country", "visa_status", "available_from", "driving_licences", "salary_min", "salary_currency")
  WHERE listed and visibility = 'visible';--> statement-breakpoint
DROP INDEX IF EXISTS "job_seeker_profiles_listed_experience_idx";--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_experience_idx" ON "job_seeker_profiles" USING btree (coalesce("years_of_experience", -1) desc,"id" DESC NULLS LAST)
  INCLUDE ("search_head", "search_complete", "industries", "languages", "location", "years_of_experience", "video_url", "looking_confirmed_at",
    "nationality", "current_country", "visa_status", "available_from", "driving_licences", "salary_min", "salary_currency")
  WHERE listed and visibility = 'visible';
