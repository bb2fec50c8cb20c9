ALTER TABLE "invoices" ADD COLUMN "payment_declared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "declared_transfer_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "declared_reference" text;