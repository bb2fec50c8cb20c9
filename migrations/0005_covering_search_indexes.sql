-- The company search walks its two sort indexes and filters on what they carry (server/services/candidate-search.ts,
-- docs/decisions/0012): with the text vector and the filtered columns included, a page reads the index alone, never
-- the table, however many rows it passes. Same names, keys and predicates as before (shared/schema.ts declares them;
-- drizzle cannot write INCLUDE), so the schema and its snapshot stay as they are.
DROP INDEX IF EXISTS "job_seeker_profiles_listed_newest_idx";--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_newest_idx" ON "job_seeker_profiles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST)
  INCLUDE ("search_vector", "industries", "languages", "location", "years_of_experience", "video_url")
  WHERE listed and visibility = 'visible';--> statement-breakpoint
DROP INDEX IF EXISTS "job_seeker_profiles_listed_experience_idx";--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_experience_idx" ON "job_seeker_profiles" USING btree (coalesce("years_of_experience", -1) desc,"id" DESC NULLS LAST)
  INCLUDE ("search_vector", "industries", "languages", "location", "years_of_experience", "video_url", "created_at")
  WHERE listed and visibility = 'visible';
