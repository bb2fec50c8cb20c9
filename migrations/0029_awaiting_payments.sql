-- The console's list of invoices awaiting payment walks this partial index in its own order (declared first, the
-- longest waiting first): a page costs the same however many invoices were ever issued (docs/decisions/0044).
CREATE INDEX "invoices_awaiting_payment_idx" ON "invoices" USING btree (("payment_declared_at" is null),coalesce("payment_declared_at", "issued_at"),"id") WHERE "invoices"."status" = 'issued';
