-- Generated columns may only call immutable functions; array_to_string is only stable, so it is wrapped.
CREATE OR REPLACE FUNCTION wazifa_join_words(words text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string(words, ' '), '') $$;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "last_reviewed_values" jsonb;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(full_name, '')), 'A') || setweight(to_tsvector('simple', wazifa_join_words(industries)), 'B') || setweight(to_tsvector('simple', wazifa_join_words(languages) || ' ' || coalesce(location, '')), 'C') || setweight(to_tsvector('english', coalesce(bio, '')), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "career_applications_resume_url_idx" ON "career_applications" USING btree ("resume_url");--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_cv_url_idx" ON "job_seeker_profiles" USING btree ("cv_url");--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_video_url_idx" ON "job_seeker_profiles" USING btree ("video_url");--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_submitted_at_idx" ON "job_seeker_profiles" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_search_idx" ON "job_seeker_profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "objects_created_at_idx" ON "objects" USING btree ("created_at");