CREATE TABLE "candidate_search_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_seeker_profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_newest_idx" ON "job_seeker_profiles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listed and visibility = 'visible';--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_experience_idx" ON "job_seeker_profiles" USING btree (coalesce("years_of_experience", -1) desc,"id" DESC NULLS LAST) WHERE listed and visibility = 'visible';--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_location_idx" ON "job_seeker_profiles" USING btree ("location") WHERE listed and visibility = 'visible';--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_industries_idx" ON "job_seeker_profiles" USING gin ("industries") WHERE listed and visibility = 'visible';--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_languages_idx" ON "job_seeker_profiles" USING gin ("languages") WHERE listed and visibility = 'visible';--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_listed_search_idx" ON "job_seeker_profiles" USING gin ("search_vector") WHERE listed and visibility = 'visible';--> statement-breakpoint
-- job_seeker_profiles.listed mirrors the owner's account (approved job seeker), so the search needs no join to users.
-- Kept here, not by the application: every path that changes users.status or users.role keeps it right.
CREATE OR REPLACE FUNCTION wazifa_profile_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.status = 'active' AND u.role = 'job_seeker');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER job_seeker_profiles_listed BEFORE INSERT OR UPDATE OF user_id, listed ON job_seeker_profiles
  FOR EACH ROW EXECUTE FUNCTION wazifa_profile_listed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION wazifa_user_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The profile's trigger recomputes the value from this (already updated) user row as well.
  UPDATE job_seeker_profiles SET listed = (NEW.status = 'active' AND NEW.role = 'job_seeker')
    WHERE user_id = NEW.id AND listed IS DISTINCT FROM (NEW.status = 'active' AND NEW.role = 'job_seeker');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_listed AFTER UPDATE OF status, role ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION wazifa_user_listed();--> statement-breakpoint
UPDATE job_seeker_profiles p SET listed = true FROM users u WHERE u.id = p.user_id AND u.status = 'active' AND u.role = 'job_seeker';
--> statement-breakpoint
-- The search's exact counts are kept per version of the profiles (server/services/candidate-search.ts). Every
-- transaction that changes a profile raises the version once, at commit: the lock on the one row is the last one
-- such a transaction takes, so it cannot close a deadlock, and readers see the new version with the new rows.
INSERT INTO candidate_search_version (id, version) VALUES (1, 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION wazifa_candidate_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: after the first raise, the row's xmin is this transaction.
  UPDATE candidate_search_version SET version = version + 1 WHERE id = 1 AND xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER job_seeker_profiles_search_version AFTER INSERT OR UPDATE OR DELETE ON job_seeker_profiles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION wazifa_candidate_search_changed();
