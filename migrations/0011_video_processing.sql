CREATE TABLE "video_jobs" (
	"object_key" text PRIMARY KEY NOT NULL,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"error_code" varchar(48),
	"error_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_object_key_objects_key_fk" FOREIGN KEY ("object_key") REFERENCES "public"."objects"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_jobs_state_run_after_idx" ON "video_jobs" USING btree ("state","run_after");