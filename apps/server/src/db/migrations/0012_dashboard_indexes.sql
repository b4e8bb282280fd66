CREATE INDEX "parents_created_idx" ON "parents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_created_idx" ON "credit_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lessons_starts_idx" ON "lessons" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "memberships_live_idx" ON "memberships" USING btree ("ends_at") WHERE "memberships"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."status" = 'paid';