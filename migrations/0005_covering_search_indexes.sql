-- The company search walks its two sort indexes and filters on what they carry (server/services/candidate-search.ts,
-- docs/decisions/0012), so a page reads the index alone, never the table, however many rows it passes.
--
-- An index row holds at most 2704 bytes, and the text vector of a 2000-character bio can be far larger: the indexes
-- carry search_head instead, the vector over the name, industries, languages, place and the bio's first 160 bytes
-- (whole words), with search_complete saying whether that was the whole bio. Where it was not, the search also looks
-- at search_vector in the table. Bounds, worst case (distinct one-letter words in a 3-byte script): name of 120
-- characters 720 bytes, bio head 600, industries, languages and place 600, the other included columns 500.
-- A cut word is dropped rather than indexed in part, so the head never matches where the whole would not.
CREATE OR REPLACE FUNCTION wazifa_bio_head(bio text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  head text;
BEGIN
  IF bio IS NULL THEN RETURN ''; END IF;
  IF octet_length(bio) <= 160 THEN RETURN bio; END IF;
  -- The longest start of at most 161 bytes; then the last word goes unless the 161st byte ended it.
  head := left(bio, 161);
  WHILE octet_length(head) > 161 LOOP
    head := left(head, length(head) - 1);
  END LOOP;
  RETURN regexp_replace(head, '\s*\S*$', '');
END $$;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "search_head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(full_name, '')), 'A') || setweight(to_tsvector('simple', wazifa_join_words(industries)), 'B') || setweight(to_tsvector('simple', wazifa_join_words(languages) || ' ' || coalesce(location, '')), 'C') || setweight(to_tsvector('english', wazifa_bio_head(bio)), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "search_complete" boolean GENERATED ALWAYS AS (coalesce(octet_length(bio), 0) <= 160) STORED;--> statement-breakpoint
-- Same names, keys and predicates as before (shared/schema.ts declares them; drizzle cannot write INCLUDE).
DROP INDEX IF EXISTS "job_seeker_profiles_listed_newest_idx";--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_newest_idx" ON "job_seeker_profiles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST)
  INCLUDE ("search_head", "search_complete", "industries", "languages", "location", "years_of_experience", "video_url")
  WHERE listed and visibility = 'visible';--> statement-breakpoint
DROP INDEX IF EXISTS "job_seeker_profiles_listed_experience_idx";--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_experience_idx" ON "job_seeker_profiles" USING btree (coalesce("years_of_experience", -1) desc,"id" DESC NULLS LAST)
  INCLUDE ("search_head", "search_complete", "industries", "languages", "location", "years_of_experience", "video_url", "created_at")
  WHERE listed and visibility = 'visible';
