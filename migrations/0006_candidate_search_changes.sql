CREATE TABLE "candidate_search_changes" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "candidate_search_changes_version_idx" ON "candidate_search_changes" USING btree ("version");--> statement-breakpoint
-- The search's in-memory index (server/services/candidate-index.ts) catches up with the profiles by reading which
-- changed since its version: each transaction that changes a profile raises the version once, at commit (0003), and
-- now also records that version for every profile it changed (deleted ones too). The version row's lock is still
-- taken first, so every writer of these rows holds it: no new deadlock.
CREATE OR REPLACE FUNCTION wazifa_candidate_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: after the first raise, the row's xmin is this transaction.
  UPDATE candidate_search_version SET version = version + 1 WHERE id = 1 AND xmin <> pg_current_xact_id()::xid;
  INSERT INTO candidate_search_changes (profile_id, version)
    SELECT COALESCE(NEW.id, OLD.id), v.version FROM candidate_search_version v WHERE v.id = 1
    ON CONFLICT (profile_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
