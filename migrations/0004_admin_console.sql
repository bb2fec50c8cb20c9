-- The admin console searches e-mail addresses and names by any part ('%text%'). pg_trgm's GIN indexes serve such
-- infix matches; it ships with PostgreSQL (the embedded one too) and is a trusted extension (PostgreSQL >= 13), so
-- the database's owner creates it without superuser rights. Added by hand to drizzle-kit's output.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "career_applications_unreviewed_idx" ON "career_applications" USING btree ("created_at","id") WHERE reviewed_at is null;--> statement-breakpoint
CREATE INDEX "email_outbox_status_created_at_idx" ON "email_outbox" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_to_address_trgm_idx" ON "email_outbox" USING gin (lower("to_address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_full_name_trgm_idx" ON "job_seeker_profiles" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (lower(coalesce("email", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_admins_idx" ON "users" USING btree ("id") WHERE is_admin;