ALTER TABLE "company_profiles" ADD COLUMN "trade_licence_number" text;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "vat_number" varchar(15);