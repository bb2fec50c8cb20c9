-- The CV and video a reviewer last decided on stay until the next decision, so the review shows what changed; the
-- clean-up of unused uploads asks these indexes whether a profile still points at a file that way.
CREATE INDEX "job_seeker_profiles_reviewed_cv_url_idx" ON "job_seeker_profiles" USING btree (("last_reviewed_values" ->> 'cvUrl')) WHERE last_reviewed_values is not null;--> statement-breakpoint
CREATE INDEX "job_seeker_profiles_reviewed_video_url_idx" ON "job_seeker_profiles" USING btree (("last_reviewed_values" ->> 'videoUrl')) WHERE last_reviewed_values is not null;