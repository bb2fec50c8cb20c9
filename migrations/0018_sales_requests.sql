CREATE TABLE "sales_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"contact_person" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"plan" varchar(16) NOT NULL,
	"message" text,
	"handled_at" timestamp with time zone,
	"handled_by_id" varchar,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_requests" ADD CONSTRAINT "sales_requests_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_requests_created_at_idx" ON "sales_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sales_requests_handled_by_id_idx" ON "sales_requests" USING btree ("handled_by_id");--> statement-breakpoint
CREATE INDEX "sales_requests_open_idx" ON "sales_requests" USING btree ("created_at","id") WHERE handled_at is null;