-- The console's invoices awaiting payment (docs/decisions/0044): walked in their own order (declared first, the longest
-- waiting first) and searched by any part of the reference or number, the amount and any part of the company's name,
-- each through an index, so a page and a search cost the same however many invoices were ever issued.
CREATE INDEX "company_profiles_name_trgm_idx" ON "company_profiles" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_awaiting_payment_idx" ON "invoices" USING btree (("payment_declared_at" is null),coalesce("payment_declared_at", "issued_at"),"id") WHERE "invoices"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "invoices_awaiting_reference_trgm_idx" ON "invoices" USING gin (regexp_replace(lower("declared_reference"), '[^[:alnum:]]', '', 'g') gin_trgm_ops) WHERE "invoices"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "invoices_awaiting_number_trgm_idx" ON "invoices" USING gin (regexp_replace(lower("number"), '[^[:alnum:]]', '', 'g') gin_trgm_ops) WHERE "invoices"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "invoices_awaiting_total_idx" ON "invoices" USING btree ("total_fils") WHERE "invoices"."status" = 'issued';