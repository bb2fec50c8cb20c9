-- Upload links write to a key of their own (upload_key); finishing moves the file to the row's key, which no link
-- can write. Links handed out before this (pending rows without an upload_key) are answered as not found when
-- finished, so those few people upload again; the clean-up removes their rows after a day as before.
ALTER TABLE "objects" ADD COLUMN "upload_key" text;--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_upload_key_unique" UNIQUE("upload_key");