-- The company search reads PostgreSQL alone (docs/decisions/0015): the version of the profiles, raised at the commit of
-- every profile change through one shared row, and the log of changed profiles kept for an in-memory index are gone.
-- Profile writes no longer queue behind each other on that row.
DROP TRIGGER IF EXISTS job_seeker_profiles_search_version ON job_seeker_profiles;--> statement-breakpoint
DROP FUNCTION IF EXISTS wazifa_candidate_search_changed();--> statement-breakpoint
DROP TABLE "candidate_search_changes" CASCADE;--> statement-breakpoint
DROP TABLE "candidate_search_version" CASCADE;--> statement-breakpoint
-- The name's part of the search vector, for the few matches of the name's relevance tier.
CREATE INDEX "job_seeker_profiles_listed_name_idx" ON "job_seeker_profiles" USING gin (to_tsvector('simple', "full_name")) WHERE listed and visibility = 'visible';
