ALTER TABLE "job_seeker_profiles" ADD COLUMN "video_upload_id" text;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "resumable_upload_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "objects_resumable_upload_id_idx" ON "objects" USING btree ("resumable_upload_id") WHERE resumable_upload_id is not null;