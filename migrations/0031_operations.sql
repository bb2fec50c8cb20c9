CREATE TABLE "app_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"scheduled_for" timestamp with time zone,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"instance" text,
	"file_name" text,
	"size" bigint,
	"summary" jsonb,
	"error_detail" text,
	"removed_at" timestamp with time zone,
	CONSTRAINT "backups_scheduled_for_unique" UNIQUE("scheduled_for")
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(32) NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"detail" jsonb
);
--> statement-breakpoint
CREATE INDEX "app_instances_seen_at_idx" ON "app_instances" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "backups_started_at_idx" ON "backups" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_open_kind_idx" ON "incidents" USING btree ("kind") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "incidents_opened_at_idx" ON "incidents" USING btree ("opened_at");