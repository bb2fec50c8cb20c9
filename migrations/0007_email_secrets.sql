ALTER TABLE "email_outbox" ADD COLUMN "secrets" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "secrets_expire_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_secrets_expire_at_idx" ON "email_outbox" USING btree ("secrets_expire_at") WHERE secrets is not null;--> statement-breakpoint
-- Messages queued before this change hold their confirmation and reset links in the text: the links move out as
-- secrets like new messages' (docs/decisions/0015-links-in-e-mails-are-secrets.md), kept only for those not yet
-- sent, until the link would have expired (the worker's sweep then clears them). Added by hand to drizzle-kit's output.
UPDATE "email_outbox" SET
  "secrets" = CASE WHEN "status" = 'sent' THEN NULL
    ELSE jsonb_build_object('link', substring("text_body" from 'https?://[^\s"''<>]*\?token=[A-Za-z0-9_-]+')) END,
  "secrets_expire_at" = "created_at" + CASE "template" WHEN 'reset_password' THEN interval '1 hour' ELSE interval '48 hours' END,
  "text_body" = regexp_replace("text_body", 'https?://[^\s"''<>]*\?token=[A-Za-z0-9_-]+', '{{secret:link}}', 'g'),
  "html_body" = regexp_replace("html_body", 'https?://[^\s"''<>]*\?token=[A-Za-z0-9_-]+', '{{secret:link}}', 'g')
WHERE "template" IN ('verify_email', 'reset_password') AND "text_body" ~ '\?token=[A-Za-z0-9_-]+';
