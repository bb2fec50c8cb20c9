-- "Newest" is the newest sign of life: the sort index is keyed on when the job seeker last said they are still
-- looking, so relevance's tiers and the newest order put the recently active first. Same names, predicates and
-- INCLUDE columns as before (migration 0005; drizzle cannot write INCLUDE), the experience index carrying the new
-- key instead of created_at.
DROP INDEX IF EXISTS "job_seeker_profiles_listed_newest_idx";--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_newest_idx" ON "job_seeker_profiles" USING btree ("looking_confirmed_at" DESC NULLS LAST,"id" DESC NULLS LAST)
  INCLUDE ("search_head", "search_complete", "industries", "languages", "location", "years_of_experience", "video_url")
  WHERE listed and visibility = 'visible';--> statement-breakpoint
DROP INDEX IF EXISTS "job_seeker_profiles_listed_experience_idx";--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_experience_idx" ON "job_seeker_profiles" USING btree (coalesce("years_of_experience", -1) desc,"id" DESC NULLS LAST)
  INCLUDE ("search_head", "search_complete", "industries", "languages", "location", "years_of_experience", "video_url", "looking_confirmed_at")
  WHERE listed and visibility = 'visible';
