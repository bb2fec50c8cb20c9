ALTER TABLE "auth_tokens" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Links already sent belong to the account's sessions as they are now.
UPDATE "auth_tokens" SET "session_version" = "users"."session_version" FROM "users" WHERE "users"."id" = "auth_tokens"."user_id";
